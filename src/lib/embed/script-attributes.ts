/** The `/embed.js` script attributes (SPEC.md "Widget behaviour" 1), as `/embed-demo` documents them. */
export const scriptAttributes = [
  { name: 'data-store', required: true, fallback: 'the script\'s own origin', meaning: 'The store\'s origin' },
  { name: 'data-store-code', required: false, fallback: '', meaning: 'Store view code for multi-store setups' },
  { name: 'data-currency', required: false, fallback: 'the store\'s currency', meaning: 'Currency code for price formatting' },
  { name: 'data-accent', required: false, fallback: '#2563eb', meaning: 'Accent colour (hex); a --shop-accent the page sets wins' },
  { name: 'data-country', required: false, fallback: 'the store\'s default country', meaning: 'Country of the checkout address form when the visitor\'s own is not detected' },
  { name: 'data-maps-key', required: false, fallback: 'the store\'s maps key', meaning: 'Key for address autocomplete' },
] as const;
