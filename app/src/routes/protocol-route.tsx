import { describeFailure } from '@protokoll/contract';
import {
  Alert,
  Button,
  ProtocolScreen,
  Spinner,
  toProtocolCapabilities,
  type ProtocolPlan,
  type ProtocolSubmitValues,
} from '@protokoll/ui';
import { useTranslation } from '@protokoll/ui/i18n';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useCapabilities } from '../api/capabilities.ts';
import { useFolders } from '../api/folders.ts';
import { usePlans } from '../api/plans.ts';
import { ApiError } from '../lib/api-error.ts';
import { useFailureMessage } from '../lib/failure-text.ts';
import { useLocale } from '../lib/use-locale.ts';
import { loadSession, useSessionState } from '../session/session-context.ts';
import { uploader } from '../uploads/app-uploader.ts';
import { readAudioDuration } from '../uploads/audio-duration.ts';

/**
 * `/protocol`: the new-note form. Sending starts the upload and goes to the dashboard, where the
 * note appears with its live status; the upload toast follows it there (and anywhere else).
 */
export function ProtocolRoute() {
  const { t } = useTranslation();
  const failureMessage = useFailureMessage();
  const { locale } = useLocale();
  const [, navigate] = useLocation();
  const { minutes, currentPlan, planLoading } = useSessionState();
  const capabilities = useCapabilities();
  const folders = useFolders();
  const plans = usePlans();
  const [fileDuration, setFileDuration] = useState<number | null | undefined>();
  const chosenFile = useRef<File | undefined>(undefined);

  // What may be sent depends on the balance now, not at sign-in; the plan changes rarely.
  useEffect(() => {
    void loadSession().then(({ session }) =>
      Promise.all([
        session.loadMinutes(),
        session.getState().currentPlan ? undefined : session.loadPlan(),
      ]),
    );
  }, []);

  function readDuration(file: File) {
    chosenFile.current = file;
    setFileDuration(undefined);
    void readAudioDuration(file).then((seconds) => {
      // A file chosen meanwhile has its own reading.
      if (chosenFile.current === file) setFileDuration(seconds);
    });
  }

  function startUpload(values: ProtocolSubmitValues) {
    uploader.start(values, { locale });
    navigate('/dashboard');
  }

  if (capabilities.isPending) {
    return (
      <div className="flex justify-center px-4 py-16">
        <Spinner size={24} />
      </div>
    );
  }
  if (capabilities.isError) {
    const failure =
      capabilities.error instanceof ApiError
        ? describeFailure('generic', capabilities.error.failure)
        : undefined;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <Alert
          variant="danger"
          title={t('protocol.loadFailed')}
          description={failureMessage(failure)}
        >
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => void capabilities.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  // The per-file limit comes from the catalogue; without it the server still enforces it.
  const offer = plans.data?.plans.find((candidate) => candidate.id === currentPlan?.id);
  const plan: ProtocolPlan | null | undefined = currentPlan
    ? { name: currentPlan.name, type: currentPlan.type, max_file_minutes: offer?.max_file_minutes }
    : planLoading
      ? undefined
      : null;

  return (
    <ProtocolScreen
      capabilities={toProtocolCapabilities(capabilities.data)}
      minutes={minutes ?? undefined}
      plan={plan}
      folders={folders.data ?? []}
      locale={locale}
      status="ready"
      onSubmit={startUpload}
      onFileSelected={readDuration}
      fileDuration={fileDuration}
    />
  );
}
