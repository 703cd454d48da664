// Stryker's entry to sample-ignorer.ts: Stryker imports plugins with Node's own loader, in
// its worker processes too, where TypeScript needs tsx.
import { tsImport } from 'tsx/esm/api';

export const { strykerPlugins } = await tsImport('./sample-ignorer.ts', import.meta.url);
