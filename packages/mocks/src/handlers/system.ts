import { http, HttpResponse, delay } from 'msw';
import {
  MESSAGE_GROUP_NAMES,
  pickMessageGroup,
  type Health,
  type MessageGroup,
} from '@protokoll/contract';
import de from '../../../../locales/de.json' with { type: 'json' };
import en from '../../../../locales/en.json' with { type: 'json' };
import { errorResponse } from '../respond.ts';

const healthy: Health = {
  status: 'ok',
  version: '0.0.0-mock',
  database: 'pglite',
  uptimeSeconds: 42,
};

/** Default handlers for the system resource: health and the locale messages. */
export const systemHandlers = [
  http.get('*/api/health', () => HttpResponse.json(healthy)),
  http.get('*/_i18n/:locale/messages.json', ({ params }) =>
    params.locale === 'en' ? HttpResponse.json(en) : HttpResponse.json(de),
  ),
  http.get('*/_i18n/:locale/:file', ({ params }) => {
    const group = String(params.file).replace(/\.json$/, '') as MessageGroup;
    if (!MESSAGE_GROUP_NAMES.includes(group)) return errorResponse(404, 'notFound', 'Not found');
    return HttpResponse.json(pickMessageGroup(params.locale === 'en' ? en : de, group));
  }),
];

/** Named scenarios for stories and tests that need something other than the default. */
export const system = {
  healthy: () => systemHandlers,
  down: () => [
    http.get('*/api/health', () => errorResponse(503, 'internal', 'Service unavailable')),
  ],
  slow: (ms = 3_000) => [
    http.get('*/api/health', async () => {
      await delay(ms);
      return HttpResponse.json(healthy);
    }),
  ],
};
