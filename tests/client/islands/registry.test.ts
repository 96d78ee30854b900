import { describe, expect, it } from 'vitest';
import { islands, isIslandName } from '../../../client/islands/registry.ts';

describe('the island registry', () => {
  it.each(Object.entries(islands))(
    '"%s" loads the island made under that name',
    async (name, entry) => {
      const loaded = await entry.load();
      expect(loaded.islandName).toBe(name);
    },
  );

  it('knows its own names and nothing else', () => {
    expect(isIslandName('picker')).toBe(true);
    expect(isIslandName('toString')).toBe(false);
    expect(isIslandName(null)).toBe(false);
  });
});
