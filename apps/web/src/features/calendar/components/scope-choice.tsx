import { Radio, Stack } from '@mantine/core';
import type { ChangeScope } from '@spotter/shared';

export const scopeLabels: Record<ChangeScope, string> = {
  this: 'This class',
  following: 'This and following classes',
  all: 'All classes in the series',
};

/** Which classes of a series a change or a cancellation applies to. */
export function ScopeChoice({ value, onChange, label }: { value: ChangeScope; onChange: (scope: ChangeScope) => void; label: string }) {
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as ChangeScope)}>
      <Stack gap={6} mt={6}>
        {(['this', 'following', 'all'] as const).map((scope) => (
          <Radio key={scope} value={scope} label={scopeLabels[scope]} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
