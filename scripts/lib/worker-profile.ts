/**
 * A CPU profile of the storefront's worker while a load runs (`npm run bench -- --only request-path
 * --profile <file>`): wrangler's inspector port speaks the Chrome DevTools Protocol, whose Profiler
 * samples the worker's isolate in workerd. The profile opens in Chrome DevTools (Performance → load)
 * or speedscope; `topFunctions` prints where the self time went, for the bench's log.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The inspector's first target's WebSocket address (wrangler lists the worker at /json). */
async function targetUrl(inspectorPort: number): Promise<string> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Array<{ webSocketDebuggerUrl?: string }>;
  const url = targets.find((target) => target.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!url) throw new Error(`The inspector on port ${inspectorPort} lists no worker.`);
  return url;
}

/** Samples the worker every 100 µs while `during` runs. */
export async function profileWorker<T>(inspectorPort: number, during: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> {
  // wrangler's inspector proxy takes connections from the DevTools sites and from localhost, by Origin.
  const socket = new WebSocket(await targetUrl(inspectorPort), { headers: { origin: 'http://127.0.0.1' } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('Cannot connect to the worker inspector.')), { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Profiler.enable');
    await send('Profiler.setSamplingInterval', { interval: 100 });
    await send('Profiler.start');
    const result = await during();
    const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
    return { result, profile };
  } finally {
    socket.close();
  }
}

/** The sampled time the worker's isolate was not idle (JavaScript, garbage collection, the engine's own work), in ms. */
export function busyMs(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  return profile.samples.reduce((sum, sample, index) => sum + (idle.has(sample) ? 0 : (profile.timeDeltas[index] ?? 0)), 0) / 1000;
}

/** The functions with the most self time, as "ms  share  name  file:line". */
export function topFunctions(profile: CpuProfile, count = 25): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((sample, index) => {
    const frame = byNode.get(sample)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'}  ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    const micros = profile.timeDeltas[index] ?? 0;
    self.set(key, (self.get(key) ?? 0) + micros);
    total += micros;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `${(micros / 1000).toFixed(0).padStart(7)} ms  ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`);
}
