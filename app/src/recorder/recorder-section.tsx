import { isUnlimited, type Minutes } from '@protokoll/contract';
import { Recorder, SavedRecordings } from '@protokoll/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useUser } from '../api/user/user.ts';
import { saveFile } from '../lib/download.ts';
import { useLocale } from '../lib/use-locale.ts';
import { browserEnvironment, canJoin } from './recorder-store.ts';
import type { StoredRecording } from './recording-store.ts';
import { useRecorder } from './use-recorder.ts';

/*
 * The browser recorder of the new-note page (docs/uploads.md#recording-in-the-browser), a chunk
 * of its own. What it records, keeps and hands over lives in the recorder store
 * (recorder-store.ts, through `useRecorder`); this is the widget and the saved recordings on it.
 */

/** `/protocol?record=1` (the dashboard's "Aufnehmen") starts recording at once. */
export const RECORD_PARAM = 'record';

export interface RecorderSectionProps {
  /** Hands the finished recording to the form as its file. */
  takeFile: (file: File) => void;
  /** The balance, for the minutes left and the warning; undefined while loading. */
  minutes: Minutes | undefined;
}

export function RecorderSection({ takeFile, minutes }: RecorderSectionProps) {
  const { t } = useTranslation();
  const { href } = useLocale();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [autoStart] = useState(() => new URLSearchParams(search).get(RECORD_PARAM) === '1');
  const user = useUser();
  const fileName = useCallback(
    (recording: StoredRecording) =>
      `${t('protocol.recorder.fileName')} ${recording.startedAt.slice(0, 16).replace('T', ' ').replace(':', '-')}`,
    [t],
  );
  const [recorder, store] = useRecorder({
    owner: user.data?.id,
    minutes,
    fileName,
    takeFile,
    autoStart,
  });
  const { status, shown, recovered, saved } = recorder;

  // The start request is used once: a reload or a way back must not start another recording.
  useEffect(() => {
    if (new URLSearchParams(search).has(RECORD_PARAM)) navigate(location, { replace: true });
  }, [search, location, navigate]);

  async function download(recording: StoredRecording) {
    const file = await store.toFile(recording);
    if (file) saveFile(file, file.name);
  }
  const savedById = (id: string) => saved.find((candidate) => candidate.id === id);

  const remainingMinutes =
    minutes === undefined
      ? undefined
      : isUnlimited(minutes)
        ? null
        : minutes.has_active_plan
          ? minutes.remaining
          : 0;
  // Between "Stop" and the last chunk written the recording is still on.
  const shownStatus = status === 'stopping' ? 'recording' : status;
  const busy = shownStatus === 'recording' || shownStatus === 'paused' || shownStatus === 'asking';

  return (
    <div className="grid gap-4">
      <Recorder
        status={shownStatus}
        seconds={recorder.seconds}
        level={recorder.level}
        recoveredAt={recovered?.startedAt}
        canContinue={recovered ? canJoin(recovered.mimeType) : true}
        remainingMinutes={remainingMinutes}
        canProcessPart={shown ? canJoin(shown.mimeType) : false}
        buyHref={href('/buy')}
        onProcessPart={() => void store.processPart()}
        onKeep={store.keep}
        onDownload={() => shown && void download(shown)}
        devices={recorder.devices}
        deviceId={recorder.deviceId}
        onDeviceChange={store.setDeviceId}
        tabAudioSupported={browserEnvironment.canShareTabAudio()}
        includeTabAudio={recorder.includeTabAudio}
        onIncludeTabAudioChange={store.setIncludeTabAudio}
        onStart={() => void store.start()}
        onPause={store.pause}
        onResume={store.resume}
        onStop={store.stop}
        onDiscard={() => void store.discard()}
        onContinueRecovered={() => void store.start()}
        onUseRecovered={() => void store.takeRecovered()}
      />
      {busy ? null : (
        <SavedRecordings
          recordings={saved}
          onDownload={(id) => {
            const recording = savedById(id);
            if (recording) void download(recording);
          }}
          onProcess={(id) => {
            const recording = savedById(id);
            if (recording) void store.offer(recording);
          }}
          onDelete={(id) => void store.deleteSaved(id)}
        />
      )}
    </div>
  );
}
