/** Made at build time by answer-shapes.plugin.ts from src/api/answer-schemas.ts: each answer's JSON Schema by name. */
declare module 'virtual:answer-shapes' {
  const shapes: Record<string, object>;
  export default shapes;
}

/** The same for the public sales portal's answers (src/api/portal-answer-schemas.ts). */
declare module 'virtual:portal-answer-shapes' {
  const shapes: Record<string, object>;
  export default shapes;
}
