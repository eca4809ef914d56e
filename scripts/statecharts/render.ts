/** Graphviz in WebAssembly (@viz-js/viz): the same DOT gives the same SVG on every machine. */
import { instance, type Viz } from '@viz-js/viz';

let viz: Promise<Viz> | undefined;

export async function renderSvg(dot: string): Promise<string> {
  viz ??= instance();
  const result = (await viz).render(dot, { format: 'svg' });
  if (result.status !== 'success') {
    throw new Error(`Graphviz could not render the diagram: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  for (const warning of result.errors) console.warn(`graphviz ${warning.level ?? 'warning'}: ${warning.message}`);
  return `${result.output.trimEnd()}\n`;
}
