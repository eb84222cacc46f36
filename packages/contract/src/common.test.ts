import { describe, expect, it } from 'vitest';
import { EntityId, Id, idField } from './common.ts';
import { ID_MAX } from './constants.ts';

describe('ids', () => {
  it('are the database range, 1 … 2^31 − 1, from numbers and digit strings', () => {
    expect(ID_MAX).toBe(2 ** 31 - 1);
    expect(Id.parse('1')).toBe(1);
    expect(Id.parse(ID_MAX)).toBe(ID_MAX);
    expect(Id.parse(String(ID_MAX))).toBe(ID_MAX);
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 2 ** 53, '99999999999999999999', 'abc', '']) {
      expect(Id.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(EntityId.safeParse(ID_MAX + 1).success).toBe(false);
  });

  it('name their own message for every fault, so the 422 reads as that field', () => {
    const FolderId = idField('errors.folderIdRequired');
    for (const bad of [undefined, 'x', 0, 2.5, ID_MAX + 1]) {
      const result = FolderId.safeParse(bad);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'errors.folderIdRequired',
      ]);
    }
  });
});
