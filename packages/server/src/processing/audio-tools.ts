// Where ffmpeg and ffprobe come from. Every upload is probed and every recording prepared with
// them, so a server without them cannot process anything. In order: an explicit path
// (FFMPEG_PATH / FFPROBE_PATH), the system's (Debian's `ffmpeg` package, current and patched),
// else the static builds the npm packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe
// ship (optional dependencies of the server: installed with it wherever their platform exists).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export const AUDIO_TOOLS = ['ffmpeg', 'ffprobe'] as const;
export type AudioToolName = (typeof AUDIO_TOOLS)[number];

export type AudioToolSource = 'env' | 'system' | 'npm';

export interface AudioTool {
  /** What to spawn: a command on PATH or an absolute path. */
  command: string;
  source: AudioToolSource;
}

export interface AudioToolsFound {
  tools: Partial<Record<AudioToolName, AudioTool>>;
  /** The tools no candidate provides; empty when audio can be processed. */
  missing: AudioToolName[];
}

const ENV_VARIABLE: Record<AudioToolName, string> = {
  ffmpeg: 'FFMPEG_PATH',
  ffprobe: 'FFPROBE_PATH',
};

const PACKAGE: Record<AudioToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

const require = createRequire(import.meta.url);

/** The binary an installer package ships for this platform, if it is installed. */
export function packagedTool(name: AudioToolName): string | undefined {
  try {
    // The packages throw for a platform they have no build for.
    const found = require(PACKAGE[name]) as { path?: unknown };
    return typeof found.path === 'string' ? found.path : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `command -version` runs and succeeds (within ten seconds). */
function runs(command: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, ['-version'], { stdio: 'ignore', env, timeout: 10_000 });
    } catch {
      resolve(false);
      return;
    }
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

export interface FindOptions {
  /** Variables to read FFMPEG_PATH, FFPROBE_PATH and PATH from (default: the process's). */
  env?: NodeJS.ProcessEnv;
  /** The npm packages' binaries (replaceable in tests). */
  packaged?: (name: AudioToolName) => string | undefined;
}

/** Looks for each tool among its candidates, best first, and keeps the first that runs. */
export async function findAudioTools(options: FindOptions = {}): Promise<AudioToolsFound> {
  const env = options.env ?? process.env;
  const packaged = options.packaged ?? packagedTool;
  const found: AudioToolsFound = { tools: {}, missing: [] };
  await Promise.all(
    AUDIO_TOOLS.map(async (name) => {
      const explicit = env[ENV_VARIABLE[name]]?.trim();
      const npm = packaged(name);
      const candidates: AudioTool[] = [
        ...(explicit ? [{ command: explicit, source: 'env' as const }] : []),
        { command: name, source: 'system' },
        ...(npm ? [{ command: npm, source: 'npm' as const }] : []),
      ];
      for (const candidate of candidates) {
        if (await runs(candidate.command, env)) {
          found.tools[name] = candidate;
          return;
        }
      }
      found.missing.push(name);
    }),
  );
  found.missing.sort();
  return found;
}

let current: Promise<AudioToolsFound> | undefined;

/** The tools of this process, looked for once. */
export function audioTools(): Promise<AudioToolsFound> {
  current ??= findAudioTools();
  return current;
}

/** What to spawn for `name`; the bare name when it is missing (spawning then fails clearly). */
export async function audioToolCommand(name: AudioToolName): Promise<string> {
  return (await audioTools()).tools[name]?.command ?? name;
}

/** A log line's worth: where each tool comes from, or what is missing and how to get it. */
export function describeAudioTools(found: AudioToolsFound): Record<string, unknown> {
  const sources = Object.fromEntries(
    Object.entries(found.tools).map(([name, tool]) => [name, `${tool.source}: ${tool.command}`]),
  );
  if (found.missing.length === 0) return sources;
  return {
    ...sources,
    missing: found.missing,
    hint:
      'Recordings cannot be processed. Install ffmpeg (Debian: apt-get install ffmpeg), or ' +
      'reinstall the dependencies so the @ffmpeg-installer/@ffprobe-installer packages are ' +
      'present, or set FFMPEG_PATH and FFPROBE_PATH.',
  };
}
