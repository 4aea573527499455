/** Made at build time by answer-shapes.plugin.ts from src/api/answer-schemas.ts: each answer's JSON Schema by name. */
declare module 'virtual:answer-shapes' {
  const shapes: Record<string, object>;
  export default shapes;
}
