/**
 * Stories never touch the real storage or cookies of their origin: a deployed Storybook shares its
 * origin with the app (docs/storybook.md#a-deployed-storybook), whose session lives there, and route
 * stories sign the demo user in and out. Each page of stories gets in-memory ones instead.
 */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

export function installStorageSandbox(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
  }
  const cookies = new Map<string, string>();
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    set: (line: string) => {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value);
    },
  });
}
