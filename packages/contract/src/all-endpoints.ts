/**
 * Every call of the API: the session's `endpoints` and the maps of single screens. The server
 * mounts and documents exactly these; the contract's, the mocks' and the probes' tests go through
 * them. Apart from index.ts so that no page's script carries the screens' maps.
 */
import { glossaryEndpoints } from './glossary.ts';
import { endpoints } from './index.ts';
import { minutesApprovalEndpoints } from './minutes-approval.ts';
import { registerEndpoints } from './registers.ts';
import { shareEndpoints } from './shares.ts';
import type { Endpoint } from './endpoint.ts';
import { templateEndpoints } from './templates.ts';

export const allEndpoints = {
  ...endpoints,
  ...glossaryEndpoints,
  ...minutesApprovalEndpoints,
  ...registerEndpoints,
  ...shareEndpoints,
  ...templateEndpoints,
} satisfies Record<string, Endpoint>;
