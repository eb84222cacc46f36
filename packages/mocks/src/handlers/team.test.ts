import { ErrorBody, TeamResponse } from '@protokoll/contract';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoUser, MOCK_INVITATION_TOKENS, team } from '../index.ts';

const API = 'http://app.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${API}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${DEMO_TOKEN}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const post = (path: string, body: unknown) =>
  call(path, { method: 'POST', body: JSON.stringify(body) });

describe('team mocks', () => {
  it('answer the contract’s team shape and keep seats in step with invitations', async () => {
    server.resetHandlers(...team.empty());
    const before = TeamResponse.parse((await call('/api/team')).body);
    expect(before).toMatchObject({ role: 'owner', seats_used: 0 });
    expect((await post('/api/team/invite', { email: 'neu@example.de' })).status).toBe(200);
    const after = TeamResponse.parse((await call('/api/team')).body);
    expect(after.seats_used).toBe(1);
    const id = after.invitations[0]!.id;
    expect((await call(`/api/team/invitation?id=${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(TeamResponse.parse((await call('/api/team')).body).seats_used).toBe(0);
  });

  it('refuse what the server refuses', async () => {
    server.resetHandlers(...team.full());
    const self = await post('/api/team/invite', { email: demoUser.email });
    expect(ErrorBody.parse(self.body).code).toBe('teamSelfInvite');
    const full = await post('/api/team/invite', { email: 'elf@example.de' });
    expect(ErrorBody.parse(full.body).code).toBe('teamFull');
    const expired = await post('/api/team/accept', { token: MOCK_INVITATION_TOKENS.expired });
    expect(expired.status).toBe(410);
    server.resetHandlers(...team.none());
    expect(ErrorBody.parse((await post('/api/team/invite', { email: 'a@b.de' })).body).code).toBe(
      'teamPlanRequired',
    );
  });
});
