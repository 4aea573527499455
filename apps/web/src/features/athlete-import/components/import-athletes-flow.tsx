import { useState } from 'react';
import { Button, Group, Stepper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { mappingProblem, type AthleteImportUploaded, type ImportMapping } from '@spotter/shared';
import { useStartAthleteImport } from '../api/start-athlete-import';
import { MapStep } from './map-step';
import { PreviewStep } from './preview-step';
import { ProgressStep } from './progress-step';
import { UploadStep } from './upload-step';

const STEPS = ['Upload', 'Map columns', 'Preview', 'Import'] as const;
/** Below this width the four step labels with their icons and separators no longer fit one line (issue 34 item 17). */
const LABELS_FIT_PX = 600;

/**
 * The four steps of an import (decision 031): upload, map columns, preview with the dry run, import. The step
 * indicator stays one line: labels where they fit, else numbered icons and the current step named below them.
 */
export function ImportAthletesFlow({ onClose, athletesListPath }: { onClose: () => void; athletesListPath: string }) {
  const [step, setStep] = useState(0);
  const [uploaded, setUploaded] = useState<AthleteImportUploaded | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const start = useStartAthleteImport();
  const problem = uploaded && mapping ? mappingProblem(mapping, uploaded.headers.length) : null;
  const started = step === 3;
  const { ref, width } = useElementSize();
  const labelsFit = width === 0 || width >= LABELS_FIT_PX;
  const stepProps = (index: number) => (labelsFit ? { label: STEPS[index] } : { 'aria-label': `Step ${index + 1}: ${STEPS[index]}` });

  return (
    <div ref={ref}>
      {!labelsFit && (
        <Text size="sm" fw={600} mb="xs">
          Step {step + 1} of {STEPS.length}: {STEPS[step]}
        </Text>
      )}
      <Stepper active={step} onStepClick={started ? undefined : setStep} allowNextStepsSelect={false} size="sm" wrap={false}>
        <Stepper.Step {...stepProps(0)}>
          <UploadStep
            onUploaded={(u) => {
              setUploaded(u);
              setMapping(u.mapping);
              setStep(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step {...stepProps(1)}>
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
        <Stepper.Step {...stepProps(2)}>
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
        <Stepper.Step {...stepProps(3)}>
          {uploaded && <ProgressStep importId={uploaded.importId} onClose={onClose} athletesListPath={athletesListPath} />}
        </Stepper.Step>
      </Stepper>
    </div>
  );
}
