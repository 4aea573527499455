import { Badge, Group, Text } from '@mantine/core';
import { paymentMethodLabel, paymentMethodTypeLabels, type PaymentMethodView } from '@spotter/shared';

/** One saved method as spec 3 shows it: its nickname, brand and last4 (or bank name), and whether it is the default. */
export function MethodLine({ method }: { method: PaymentMethodView }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500}>
        {paymentMethodLabel(method)}
      </Text>
      <Text size="xs" c="dimmed">
        {paymentMethodTypeLabels[method.type]}
      </Text>
      {method.isDefault && (
        <Badge variant="light" color="blue" c="#0b3d91" size="sm">
          Default
        </Badge>
      )}
    </Group>
  );
}
