import { useMemo, useState } from 'react';
import { Alert, Button, Group, List, NativeSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { countryNames, gymCountries, gymSettingsMessages, isValidTimeZone, type GymCountry, type GymSettings } from '@spotter/shared';
import { isApiError } from '../../../lib/api-client';
import { useSaveGymSettings } from '../api/gym-settings';
import { SectionCard } from './section-card';

/** Every IANA zone the browser knows, plus UTC (what the server accepts). */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...(current ? [current] : [])])].sort();
}

const countryOptions = gymCountries.map((code) => ({ value: code, label: countryNames[code] }));

/** Spec 3 Gym country and time zone, with what a change moves (and what it does not). */
export function RegionSection({ settings }: { settings: GymSettings }) {
  const save = useSaveGymSettings('region');
  const [country, setCountry] = useState<GymCountry>(settings.country);
  const [timeZone, setTimeZone] = useState<string>(settings.timeZone);
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);
  const countryChanged = country !== settings.country;
  const zoneChanged = timeZone !== settings.timeZone;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isValidTimeZone(timeZone)) {
      setError(gymSettingsMessages.timeZoneInvalid);
      return;
    }
    save.mutate(
      { country, timeZone },
      {
        onSuccess: (answer) => {
          setCountry(answer.country);
          setTimeZone(answer.timeZone);
        },
        onError: (e) => {
          if (isApiError(e) && e.fields?.timeZone?.[0]) setError(e.fields.timeZone[0]);
        },
      },
    );
  };

  return (
    <SectionCard
      id="region"
      title="Region"
      description="The gym's country sets its currency, tax wording, address rules and date formats; the time zone sets the clock of its schedule."
    >
      <form noValidate onSubmit={submit} aria-label="Region">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect label="Country" data={countryOptions} value={country} onChange={(e) => setCountry(e.currentTarget.value as GymCountry)} />
            <Select
              label="Time zone"
              data={zones}
              value={timeZone}
              onChange={(value) => {
                setTimeZone(value ?? '');
                setError(null);
              }}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No time zone matches"
              limit={100}
              error={error}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          {(countryChanged || zoneChanged) && (
            <Alert color="yellow" variant="light" title="Before you save">
              <List size="sm" spacing={4}>
                {countryChanged && (
                  <>
                    <List.Item>
                      Prices are shown in the currency of {countryNames[country]}, with its tax wording and date formats. Amounts are not converted.
                    </List.Item>
                    <List.Item>The gym's county, state or province and its postcode are cleared: enter them again under Profile.</List.Item>
                  </>
                )}
                {zoneChanged && (
                  <>
                    <List.Item>Class and appointment times are shown in {timeZone || 'the new zone'} from now on.</List.Item>
                    <List.Item>
                      Booked classes and appointments keep their times in UTC: they stay at the same instant, so their local time may read differently.
                    </List.Item>
                    <List.Item>Repeating classes follow the new zone for the occurrences still to be made.</List.Item>
                  </>
                )}
              </List>
            </Alert>
          )}
          <Group justify="space-between" align="center">
            <Text size="xs" c="dimmed">
              Now: {countryNames[settings.country]}, {settings.timeZone}
            </Text>
            <Button type="submit" loading={save.isPending} disabled={!countryChanged && !zoneChanged}>
              Save region
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
