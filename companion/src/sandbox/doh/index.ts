/** A local DoH resolver for the demo; null when it cannot be started here. */
export interface DemoResolver {
  url: string;
  domains: string[];
  close(): Promise<void>;
}

export async function startDemoResolver(): Promise<DemoResolver | null> {
  return null;
}
