import { defineEndpoint, endpoints } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRouter, routeFor } from '../http/openapi.ts';
import { noDatabase, testApp } from './app.ts';
import { prepare, readResponse, testClient, type Requester } from './client.ts';

/** Keeps each request the client sends and answers with `answer`. */
function recorder(answer: () => Response = () => Response.json({ success: true })) {
  const sent: Request[] = [];
  const requester: Requester = {
    request(path, init) {
      sent.push(new Request(`http://test${path}`, init));
      return answer();
    },
  };
  return { sent, api: testClient(requester) };
}

const upload = defineEndpoint({
  id: 'testUpload',
  method: 'POST',
  path: '/api/test/upload/{folder}',
  tag: 'test',
  summary: 'Multipart echo',
  auth: false,
  params: z.object({ folder: z.string() }),
  query: z.object({ page: z.coerce.number().int().min(1) }),
  body: z.object({ file: z.file(), count: z.coerce.number().int(), meta: z.string().optional() }),
  bodyKind: 'multipart',
  response: z.object({ folder: z.string(), page: z.number(), name: z.string(), count: z.number() }),
});

describe('testClient requests', () => {
  it('fills path params (encoded) and sends the bearer token', async () => {
    const { sent, api } = recorder(() =>
      Response.json({ success: true, data: 'AAAA', filename: 'x.txt', status: 200 }),
    );
    await api.call(endpoints.downloadNote, { params: { id: 7, format: 'a b/c' }, token: 'tok' });
    const [req] = sent;
    expect(req?.method).toBe('GET');
    expect(new URL(req!.url).pathname).toBe('/api/note/7/a%20b%2Fc');
    expect(req?.headers.get('Authorization')).toBe('Bearer tok');
    expect(req?.headers.get('Content-Type')).toBeNull();
  });

  it('sends no Authorization header without a token', async () => {
    const { sent, api } = recorder();
    await api.call(endpoints.getAuthConfig);
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('serialises the query, leaving out undefined and null values and keeping empty ones', async () => {
    const { sent, api } = recorder(() => Response.json({ success: true, count: 0 }));
    await api.call(endpoints.countNotes, {
      query: { folder_id: 3, search_query: '', start_date: undefined, end_date: '2026-01-31' },
    });
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe('/api/note/count');
    expect([...url.searchParams]).toEqual([
      ['folder_id', '3'],
      ['search_query', ''],
      ['end_date', '2026-01-31'],
    ]);

    const raw = recorder(() => Response.json({ success: true, count: 0 }));
    await raw.api.unchecked(endpoints.countNotes, { query: 'saved=vielleicht&saved=1' });
    expect(new URL(raw.sent[0]!.url).search).toBe('?saved=vielleicht&saved=1');
  });

  it('sends a JSON body as JSON, with the method of the endpoint', async () => {
    const { sent, api } = recorder();
    await api.call(endpoints.moveNote, { body: { note_id: 4, folder_id: null }, token: 't' });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(await sent[0]?.json()).toEqual({ note_id: 4, folder_id: null });
  });

  it('sends a multipart body as form data: files as files, the rest as text', async () => {
    const { sent, api } = recorder(() => Response.json({ success: true }));
    const file = new File([new Uint8Array([1, 2, 3])], 'aufnahme.mp3', { type: 'audio/mpeg' });
    await api.call(endpoints.uploadNote, {
      token: 't',
      body: {
        audio_file: file,
        file_name: 'aufnahme.mp3',
        language: 'de',
        summary_model: 'extractive',
        summary_language: 'de',
        design: 'classic',
        structure: 'minutes',
        transcribe: false,
        transcript_type: 'clean',
        size: 3,
        folder_id: undefined,
      },
    });
    expect(sent[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await sent[0]!.formData();
    const sentFile = form.get('audio_file') as File;
    expect(sentFile.name).toBe('aufnahme.mp3');
    expect(new Uint8Array(await sentFile.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(form.get('transcribe')).toBe('false');
    expect(form.get('size')).toBe('3');
    expect(form.has('folder_id')).toBe(false);
  });

  it('sends what the contract would refuse through unchecked, and a FormData as it is', async () => {
    const { sent, api } = recorder(() =>
      Response.json(
        { success: false, code: 'validation', message: 'Invalid input data' },
        { status: 422 },
      ),
    );
    const res = await api.unchecked(endpoints.moveNote, {
      body: { note_id: 'vier' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(await sent[0]?.json()).toEqual({ note_id: 'vier' });
    expect(sent[0]?.headers.get('Accept-Language')).toBe('en');
    expect(res.status).toBe(422);
    expect(res.error.code).toBe('validation');

    const form = new FormData();
    form.append('file_name', 'x');
    await api.unchecked(endpoints.uploadNote, { body: form });
    expect([...(await sent[1]!.formData()).keys()]).toEqual(['file_name']);
    expect(new URL(sent[1]!.url).search).toBe('');
  });

  it('sends a prepared call with the token and headers added at sending time', async () => {
    const { sent, api } = recorder(() => Response.json({ success: true, notes: [] }));
    const call = prepare(endpoints.deleteNote, { query: { id: 5 }, headers: { 'X-A': '1' } });
    await api.send(call, { token: 'anna', headers: { 'X-B': '2' } });
    await api.send(call);
    const [first, second] = sent;
    expect(first?.method).toBe('DELETE');
    expect(new URL(first!.url).search).toBe('?id=5');
    expect(first?.headers.get('Authorization')).toBe('Bearer anna');
    expect([first?.headers.get('X-A'), first?.headers.get('X-B')]).toEqual(['1', '2']);
    expect(second?.headers.has('Authorization')).toBe(false);
    expect(second?.headers.get('X-A')).toBe('1');
  });

  it('types the input from the contract (tsc checks the expected errors)', async () => {
    const { sent, api } = recorder(() => Response.json({ success: true, notes: [] }));
    // @ts-expect-error getNote needs its id
    await expect(api.call(endpoints.getNote, { token: 't' })).rejects.toThrow(
      'Missing path parameter "id"',
    );
    // @ts-expect-error deleting the account needs the confirmation
    await api.call(endpoints.deleteUser, { body: {}, token: 't' });
    // @ts-expect-error the list has no such filter
    await api.call(endpoints.listNotes, { query: { colour: 'blau' } });
    // @ts-expect-error deleting a note needs its id in the query
    await api.call(endpoints.deleteNote, { token: 't' });
    expect(sent).toHaveLength(3);
  });
});

describe('testClient answers', () => {
  it('checks a 2xx answer against the endpoint’s response schema', async () => {
    const { api } = recorder(() => Response.json({ success: 'yes' }));
    await expect(api.call(endpoints.validateToken, { token: 't' })).rejects.toThrow(
      /validateToken answered 200 outside the contract/,
    );
  });

  it('checks a failing answer against the one error body', async () => {
    const { api } = recorder(() => Response.json({ error: 'nope' }, { status: 404 }));
    await expect(api.call(endpoints.getUser)).rejects.toThrow(/getUser answered 404 outside/);
    const text = recorder(() => new Response('404 Not Found', { status: 404 }));
    await expect(text.api.call(endpoints.getUser)).rejects.toThrow(/not JSON: 404 Not Found/);
  });

  it('keeps the JSON as sent, and refuses to read the body that does not fit the status', async () => {
    const ok = await recorder(() =>
      Response.json({ success: true, extra: 1 }, { headers: { 'X-Test': 'a' } }),
    ).api.call(endpoints.validateToken, { token: 't' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('X-Test')).toBe('a');
    expect(ok.body).toEqual({ success: true, extra: 1 });
    expect(await ok.raw.json()).toEqual({ success: true, extra: 1 });
    expect(() => ok.error).toThrow(/validateToken answered 200 .* is not an error/);

    const failed = await recorder(() =>
      Response.json(
        { success: false, code: 'notAuthenticated', message: 'Not authenticated' },
        { status: 401 },
      ),
    ).api.call(endpoints.validateToken);
    expect(failed.error).toEqual({
      success: false,
      code: 'notAuthenticated',
      message: 'Not authenticated',
    });
    expect(() => failed.body).toThrow(/validateToken answered 401 .*notAuthenticated/);
  });

  it('leaves a binary answer unread', async () => {
    const res = await readResponse(
      endpoints.getNoteAudio,
      new Response(new Uint8Array([9, 8, 7]), { headers: { 'Content-Type': 'audio/mpeg' } }),
    );
    expect(new Uint8Array(await res.raw.arrayBuffer())).toEqual(new Uint8Array([9, 8, 7]));
    expect(() => res.body).toThrow(/binary/);
  });
});

describe('testClient against the app', () => {
  it('makes a multipart request with params and query that the server’s validation accepts', async () => {
    const { app } = testApp(noDatabase());
    app.route(
      '/',
      createRouter().openapi(routeFor(upload), (c) => {
        const { folder } = c.req.valid('param');
        const { page } = c.req.valid('query');
        const { file, count } = c.req.valid('form');
        return c.json({ folder, page, name: file.name, count }, 200);
      }),
    );
    const api = testClient(app);
    const res = await api.call(upload, {
      params: { folder: 'Kunden März' },
      query: { page: 2 },
      body: { file: new File(['abc'], 'a.wav'), count: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ folder: 'Kunden März', page: 2, name: 'a.wav', count: 5 });

    const invalid = await api.unchecked(upload, {
      params: { folder: 'x' },
      query: { page: 1 },
      body: { count: 'viele' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.error.issues?.map((issue) => issue.path).sort()).toEqual(['count', 'file']);
  });
});
