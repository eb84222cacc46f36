import { ErrorCode, noteNameFromFile } from '@protokoll/contract';
import {
  LoadState,
  ProtocolScreen,
  Spinner,
  UploadPending,
  optionsOf,
  toProtocolCapabilities,
  useFailureText,
  type ProtocolPlan,
  type ProtocolSubmitValues,
} from '@protokoll/ui';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useCapabilities } from '../api/capabilities.ts';
import { useFolders } from '../api/folders/list.ts';
import { useLazyTemplates } from '../api/templates/lazy.ts';
import { useMinutes } from '../api/user/minutes.ts';
import { usePlan } from '../api/user/plan.ts';
import { usePlans } from '../api/plans.ts';
import { useUser } from '../api/user/user.ts';
import { toFailureText } from '../lib/failure.ts';
import {
  browserStorage,
  readRememberedOptions,
  rememberOptions,
} from '../lib/remembered-options.ts';
import { useLocale } from '../lib/use-locale.ts';
import { uploader } from '../uploads/app-uploader.ts';
import { readChosenAudio } from '../uploads/audio-duration.ts';
import { forgetWhenAccepted, recordedSeconds } from '../recorder/recorded-files.ts';
import type { RecorderSectionProps } from '../recorder/recorder-section.tsx';

// The browser recorder is a chunk of its own, loaded after the form (docs/uploads.md#recording-in-the-browser).
// A chunk that cannot be loaded (a deploy meanwhile, offline) leaves the form as it is, without it.
const RecorderSection = lazy<(props: RecorderSectionProps) => ReactNode>(() =>
  import('../recorder/recorder-section.tsx').then(
    (module) => ({ default: module.RecorderSection }),
    () => ({ default: () => null }),
  ),
);
import { uploadStore, useUploads } from '../uploads/upload-store.ts';

/** Refusals a bigger plan lifts: the form offers the way to `/buy` beside them. */
const UPGRADE_CODES: ReadonlySet<string> = new Set([
  ErrorCode.INSUFFICIENT_MINUTES,
  ErrorCode.FILE_TOO_LONG,
]);

/**
 * `/protocol`: the new-note form. Sending starts the upload and the page turns into the new note:
 * its upload step while the bytes travel, then the note's reader (`/notes?note=<id>`), which
 * follows it to the end. A failed upload brings the form back as it was, with the reason and
 * "Erneut versuchen" (docs/uploads.md#following-a-new-note). The upload toast follows the
 * person anywhere meanwhile.
 */
export function ProtocolRoute() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const { locale, href } = useLocale();
  const [, navigate] = useLocation();
  // What may be sent depends on the balance now: both load again whenever this page opens.
  const minutes = useMinutes();
  const currentPlan = usePlan();
  const capabilities = useCapabilities();
  const templates = useLazyTemplates();
  const folders = useFolders();
  const plans = usePlans();
  const userId = useUser().data?.id;
  // Read once per visit: the form starts with what this person sent last time.
  const [remembered] = useState(() => readRememberedOptions(browserStorage(), userId));
  const [fileDuration, setFileDuration] = useState<number | null | 'notAudio' | undefined>();
  const chosenFile = useRef<File | undefined>(undefined);
  // The upload started here, with what was sent: the form comes back with it if it fails.
  const [attempt, setAttempt] = useState<{ id: number; values: ProtocolSubmitValues }>();
  const uploads = useUploads();
  const entry = attempt && uploads.entries.find((candidate) => candidate.id === attempt.id);
  const noteId = entry?.noteId;
  // Gone without a note (dismissed, or a server that named none): nothing left to follow here.
  const lost =
    attempt !== undefined &&
    (entry === undefined || (entry.status === 'done' && noteId === undefined));

  useEffect(() => {
    if (noteId !== undefined) navigate(`/notes?note=${noteId}`, { replace: true });
    else if (lost) navigate('/notes', { replace: true });
  }, [noteId, lost, navigate]);

  function readDuration(file: File) {
    chosenFile.current = file;
    // A recording made here was measured while it was made.
    const recorded = recordedSeconds(file);
    if (recorded !== undefined) {
      setFileDuration(recorded);
      return;
    }
    setFileDuration(undefined);
    void readChosenAudio(file).then((seconds) => {
      // A file chosen meanwhile has its own reading.
      if (chosenFile.current === file) setFileDuration(seconds);
    });
  }

  function startUpload(values: ProtocolSubmitValues) {
    // A new try replaces the failed one, whose toast has said its part.
    if (attempt) uploadStore.remove(attempt.id);
    rememberOptions(browserStorage(), userId, optionsOf(values));
    // The length read when the file was chosen goes along, so the server can price it first.
    const durationSeconds =
      typeof fileDuration === 'number' && chosenFile.current === values.audio_file
        ? fileDuration
        : undefined;
    const id = uploader.start(values, { locale, durationSeconds });
    forgetWhenAccepted(values.audio_file, id);
    setAttempt({ id, values });
  }

  if (attempt && entry && entry.status !== 'error') {
    return (
      <UploadPending
        name={attempt.values.name ?? noteNameFromFile(attempt.values.file_name)}
        loaded={entry.loaded}
        size={entry.size}
      />
    );
  }

  if (capabilities.isPending) {
    return (
      <div className="flex justify-center px-4 py-16">
        <Spinner size={24} />
      </div>
    );
  }
  if (capabilities.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <LoadState
          status="error"
          alertProps={{ title: t('protocol.loadFailed') }}
          failedText={failureText(toFailureText(capabilities.error))}
          onRetry={() => void capabilities.refetch()}
        />
      </div>
    );
  }

  // The per-file limit comes from the catalogue; without it the server still enforces it.
  const current = currentPlan.data;
  const offer = plans.data?.plans.find((candidate) => candidate.id === current?.id);
  // A plan that failed to load is not known: the last known one opens its models, but its
  // per-file limit refuses nothing; the server decides (docs/minutes.md#when-loading-fails).
  const plan: ProtocolPlan | null | undefined = current
    ? {
        name: current.name,
        type: current.type,
        features: current.features,
        speaker_labels: current.speaker_labels,
        max_file_minutes: currentPlan.isError ? undefined : offer?.max_file_minutes,
      }
    : currentPlan.isPending
      ? undefined
      : null;

  const failed = entry?.status === 'error' ? entry : undefined;
  return (
    <ProtocolScreen
      key={attempt?.id}
      initialValues={failed ? attempt?.values : undefined}
      error={failed?.error}
      errorOffersUpgrade={failed?.code !== undefined && UPGRADE_CODES.has(failed.code)}
      capabilities={toProtocolCapabilities(capabilities.data)}
      minutes={minutes.view.data}
      minutesStatus={minutes.view.status}
      minutesAsOf={minutes.view.asOf}
      onRetryMinutes={() => void minutes.refetch()}
      minutesRetrying={minutes.view.retrying}
      plan={plan}
      folders={folders.data ?? []}
      templates={templates.data?.templates}
      defaultTemplate={templates.data?.default_template}
      status="ready"
      onSubmit={startUpload}
      onFileSelected={readDuration}
      fileDuration={fileDuration === 'notAudio' ? null : fileDuration}
      fileNotAudio={fileDuration === 'notAudio'}
      onUpgrade={() => navigate('/buy')}
      rememberedOptions={remembered}
      buyMinutesHref={href('/buy')}
      recorder={(takeFile) => (
        <Suspense fallback={null}>
          {/* Only a balance known now counts against a recording. */}
          <RecorderSection
            takeFile={takeFile}
            minutes={minutes.view.status === 'ready' ? minutes.view.data : undefined}
          />
        </Suspense>
      )}
    />
  );
}
