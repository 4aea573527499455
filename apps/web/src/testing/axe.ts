import axe from 'axe-core';

/**
 * What axe finds wrong in a rendered tree, one line per rule broken (empty: none). jsdom draws nothing, so colour
 * contrast is left to the browser journeys; a component renders outside any page landmark, so `region` is too.
 */
export async function axeViolations(node: Element = document.body): Promise<string[]> {
  const results = await axe.run(node, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
