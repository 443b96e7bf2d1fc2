/**
 * Loads an optional peer dependency on first use; when it is not installed, rejects with an
 * error naming `feature` and the install command.
 */
export async function loadOptionalPeer<T>(pkg: string, feature: string): Promise<T> {
  try {
    return (await import(pkg)) as T;
  } catch (cause) {
    throw new Error(`${feature} needs the optional peer dependency ${pkg}: npm install ${pkg}`, {
      cause,
    });
  }
}
