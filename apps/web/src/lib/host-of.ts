/** The host of an address as people read it (`other.example:8443`), or undefined when it is not one. */
export function hostOf(address: string): string | undefined {
  try {
    return new URL(address).host;
  } catch {
    return undefined;
  }
}
