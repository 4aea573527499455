import { Badge, Group, Stack, Text } from '@mantine/core';
import { paymentMethodLabel, paymentMethodTypeLabels, type PaymentMethodView } from '@spotter/shared';

/** One saved method as spec 3 shows it: its nickname, brand and last4 (or bank name), its type, and whether it is the default. */
export function MethodLine({ method }: { method: PaymentMethodView }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={500}>
        {paymentMethodLabel(method)}
      </Text>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {paymentMethodTypeLabels[method.type]}
        </Text>
        {method.isDefault && (
          <Badge variant="light" color="blue" c="#0b3d91" size="sm">
            Default
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
