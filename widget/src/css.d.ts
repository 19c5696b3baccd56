/** CSS files imported as strings (`?inline`), minified by the bundle build. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
