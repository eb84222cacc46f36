import { CapabilitiesResponse, endpoints } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsApp, signUp, type AccountsApp } from '../test/accounts.ts';
import { useTestDatabase } from '../test/db.ts';
import { describeAudioTools, findAudioTools, packagedTool } from './audio-tools.ts';

/** No directory on PATH: the system's tools are out of reach. */
const NO_SYSTEM = { PATH: '' };

describe('finding ffmpeg and ffprobe', () => {
  it("prefers the system's (Debian's) tools", async () => {
    const found = await findAudioTools();
    expect(found.missing).toEqual([]);
    expect(found.tools.ffmpeg).toEqual({ command: 'ffmpeg', source: 'system' });
    expect(found.tools.ffprobe).toEqual({ command: 'ffprobe', source: 'system' });
  });

  it('falls back to the binaries the npm packages ship, and they run', async () => {
    // The optional dependencies are installed on this platform (linux-x64).
    expect(packagedTool('ffmpeg')).toMatch(/ffmpeg$/);
    const found = await findAudioTools({ env: NO_SYSTEM });
    expect(found.missing).toEqual([]);
    expect(found.tools.ffmpeg?.source).toBe('npm');
    expect(found.tools.ffprobe?.source).toBe('npm');
  });

  it('takes FFMPEG_PATH and FFPROBE_PATH first, when they run', async () => {
    const npmProbe = packagedTool('ffprobe')!;
    const found = await findAudioTools({
      env: { ...process.env, FFPROBE_PATH: npmProbe, FFMPEG_PATH: '/nonexistent/ffmpeg' },
    });
    expect(found.tools.ffprobe).toEqual({ command: npmProbe, source: 'env' });
    // A path that does not run is skipped for the next candidate.
    expect(found.tools.ffmpeg?.source).toBe('system');
  });

  it('names what is missing and how to get it', async () => {
    const found = await findAudioTools({ env: NO_SYSTEM, packaged: () => undefined });
    expect(found.missing).toEqual(['ffmpeg', 'ffprobe']);
    expect(describeAudioTools(found)).toMatchObject({
      missing: ['ffmpeg', 'ffprobe'],
      hint: expect.stringContaining('apt-get install ffmpeg'),
    });
  });
});

describe('a server without ffmpeg and ffprobe', () => {
  const database = useTestDatabase();
  let t: AccountsApp;
  beforeAll(async () => {
    const missing = findAudioTools({ env: NO_SYSTEM, packaged: () => undefined });
    t = await accountsApp(
      database(),
      { STT_BASE_URL: 'http://127.0.0.1:9/v1' },
      { audioTools: missing },
    );
  });

  it('says so in GET /api/capabilities', async () => {
    const res = await t.api.call(endpoints.getCapabilities);
    const answer = CapabilitiesResponse.parse(res.body);
    expect(answer.stt_available).toBe(true);
    expect(answer.missing_audio_tools).toEqual(['ffmpeg', 'ffprobe']);
  });

  it('refuses an upload before reading it, naming the tools, instead of failing it', async () => {
    const anna = await signUp(t.api);
    const form = new FormData();
    form.set('audio_file', new File([new Uint8Array(1024)], 'a.mp3', { type: 'audio/mpeg' }));
    // Only the file: the tools are checked before any other field is read.
    const res = await t.api.unchecked(endpoints.uploadNote, {
      token: anna.token,
      headers: { 'Accept-Language': 'en' },
      body: form,
    });
    expect(res.status).toBe(422);
    const body = res.error;
    expect(body.code).toBe('transcriptionUnavailable');
    expect(body.message).toContain('(ffmpeg, ffprobe)');
  });
});

describe('a server with them', () => {
  const database = useTestDatabase();
  it('reports nothing missing', async () => {
    const t = await accountsApp(database());
    const res = await t.api.call(endpoints.getCapabilities);
    expect(CapabilitiesResponse.parse(res.body).missing_audio_tools).toEqual([]);
  });
});
