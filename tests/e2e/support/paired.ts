import { ensureExtensionBuilt, launchWithExtension, type ExtensionBrowser } from './browser';
import { startCompanionStack, type CompanionStack } from './companion-stack';
import { pairExtension, setCompanionUrl } from './popup-page';

/**
 * What most popup journeys start from: the companion's sandbox stack, and Chromium with the extension
 * pointed at it and paired with it. A stack whose browser could not be made ready is closed here.
 */
export async function startPairedExtension(
  opts: Parameters<typeof startCompanionStack>[0] = {},
): Promise<{ ext: ExtensionBrowser; stack: CompanionStack }> {
  ensureExtensionBuilt();
  const stack = await startCompanionStack(opts);
  let ext: ExtensionBrowser | undefined;
  try {
    ext = await launchWithExtension();
    await setCompanionUrl(ext, stack.url);
    await pairExtension(ext, stack.pairingCode);
    return { ext, stack };
  } catch (err) {
    await ext?.close();
    await stack.close();
    throw err;
  }
}
