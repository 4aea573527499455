import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

/**
 * A box of a fixed height that draws its chart only once the box has a width (issue 34 item 14): recharts measures
 * its container when it mounts, and a chart drawn before layout (a lazily loaded screen, a stylesheet still on its
 * way) measured 0 by 0 and logged "The width(0) and height(0) of chart should be greater than 0".
 */
export function ChartFrame({ height, children }: { height: number; children: () => ReactNode }) {
  const { ref, width } = useElementSize();
  return (
    <Box ref={ref} h={height} w="100%">
      {width > 0 ? children() : null}
    </Box>
  );
}

/**
 * The y-axis takes the width its longest label needs (recharts' "auto"), so an amount keeps its currency sign; the
 * default 60 px clipped "$18,000.00" to "18,000.00" (issue 34 item 5). Mantine draws the labels 10 px left of where
 * "auto" measures them: the chart's left margin gives them that room.
 */
export const fittedYAxis = { yAxisProps: { width: 'auto' as const }, margin: { left: 10 } };
