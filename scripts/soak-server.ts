// The server of npm run soak: `npm start`, plus, on SIGUSR2, one line on stdout with the
// process's memory after a full garbage collection (node --expose-gc), so the soak can
// tell live memory from garbage not yet collected.
import { serveCommand } from './serve-command.ts';

process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  process.stdout.write(`memory ${JSON.stringify({ rss: m.rss, heap_used: m.heapUsed, external: m.external, array_buffers: m.arrayBuffers })}\n`);
});
const code = await serveCommand(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
