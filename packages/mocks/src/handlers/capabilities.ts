import { endpoints, ErrorCode } from '@protokoll/contract';
import {
  demoCapabilities,
  noAudioToolsCapabilities,
  noEngineCapabilities,
  noPaymentsCapabilities,
  type MockCapabilities,
} from '../fixtures/capabilities.ts';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';

const e = endpoints;

/** Handlers of the capabilities resource (`GET /api/capabilities`, public). */
export function createCapabilitiesHandlers(
  capabilities: MockCapabilities = demoCapabilities,
  options: HandleOptions = {},
) {
  return [
    handle(
      e.getCapabilities,
      () => reply(e.getCapabilities, { success: true, ...capabilities }),
      options,
    ),
  ];
}

export const capabilitiesHandlers = createCapabilitiesHandlers();

/** Named capabilities scenarios (the `capabilities` key). */
export const capabilities = {
  default: () => capabilitiesHandlers,
  /** No speech-to-text engine configured: the upload form refuses before sending. */
  noEngine: () => createCapabilitiesHandlers(noEngineCapabilities),
  /** No payment provider configured: buying says so before anyone clicks. */
  paymentsDisabled: () => createCapabilitiesHandlers(noPaymentsCapabilities),
  /** ffmpeg and ffprobe missing on the server: the form refuses before sending, as without engine. */
  noAudioTools: () => createCapabilitiesHandlers(noAudioToolsCapabilities),
  /** Uploads are limited to `bytes`. */
  maxUpload: (bytes: number) =>
    createCapabilitiesHandlers({ ...demoCapabilities, max_upload_bytes: bytes }),
  failing: (status = 500) => [failWith(e.getCapabilities, status, ErrorCode.SERVER)],
  slow: (ms = 3_000) => createCapabilitiesHandlers(demoCapabilities, { latency: ms }),
};
