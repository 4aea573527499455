import { useState } from 'react';
import { Button, Group, Stepper, Text } from '@mantine/core';
import { mappingProblem, type AthleteImportUploaded, type ImportMapping } from '@spotter/shared';
import { useStartAthleteImport } from '../api/start-athlete-import';
import { MapStep } from './map-step';
import { PreviewStep } from './preview-step';
import { ProgressStep } from './progress-step';
import { UploadStep } from './upload-step';

/** The four steps of an import (decision 031): upload, map columns, preview with the dry run, import. */
export function ImportAthletesFlow({ onClose, athletesListPath }: { onClose: () => void; athletesListPath: string }) {
  const [step, setStep] = useState(0);
  const [uploaded, setUploaded] = useState<AthleteImportUploaded | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const start = useStartAthleteImport();
  const problem = uploaded && mapping ? mappingProblem(mapping, uploaded.headers.length) : null;
  const started = step === 3;

  return (
    <Stepper active={step} onStepClick={started ? undefined : setStep} allowNextStepsSelect={false} size="sm">
      <Stepper.Step label="Upload" description="Your CSV file">
        <UploadStep
          onUploaded={(u) => {
            setUploaded(u);
            setMapping(u.mapping);
            setStep(1);
          }}
        />
      </Stepper.Step>
      <Stepper.Step label="Map columns" description="Where each column goes">
        {uploaded && mapping && (
          <>
            <MapStep headers={uploaded.headers} sampleRows={uploaded.sampleRows} mapping={mapping} onChange={setMapping} />
            {problem && (
              <Text c="red.8" size="sm" mt="sm" role="alert">
                {problem}
              </Text>
            )}
            <Group justify="space-between" mt="md">
              <Button variant="default" onClick={() => setStep(0)}>
                Back
              </Button>
              <Button onClick={() => setStep(2)} disabled={!!problem}>
                Preview
              </Button>
            </Group>
          </>
        )}
      </Stepper.Step>
      <Stepper.Step label="Preview" description="Check before importing">
        {uploaded && mapping && (
          <PreviewStep
            importId={uploaded.importId}
            mapping={mapping}
            onBack={() => setStep(1)}
            isStarting={start.isPending}
            onImport={() => start.mutate({ importId: uploaded.importId, mapping }, { onSuccess: () => setStep(3) })}
          />
        )}
      </Stepper.Step>
      <Stepper.Step label="Import" description="Progress and result">
        {uploaded && <ProgressStep importId={uploaded.importId} onClose={onClose} athletesListPath={athletesListPath} />}
      </Stepper.Step>
    </Stepper>
  );
}
