import { defineConfig } from 'wxt';

/**
 * Public half of the key pair that pins the extension id (see `EXTENSION_ID` in @dnsferry/shared).
 * The private half is not kept: an unpacked or store build needs only this.
 */
const CHROME_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAr07r/FI2ZNyupHQPr77Ueg/guyFqMnt8VwoLneREEXusIihgy3AIB6P66OsfWoVsaYC5EVn3DRTucIg3p44WTNwzOEZB83YxMhd9nCCUVXhMqUfPWasNB2toBUvYVI23soo3gBfXwha5TKLYNDE6VPjorr+FdlPncp8XZPAL4HMqxceFOIoncXl9Vnt2GlRUs1vpolY/K30wH6gVAywBPWog/TX0mTFGGC1bKUBDgjdLPUCCgPj3U9rXsuX9MxO9aV3v82TyK8ljgBkd9dEcdshqxP25T7rIcbd2HeV1DdvjIwr5dFHum8F5NZ7uW2Nyci4cDkRjwTwz1rCh0lEiVwIDAQAB';

export default defineConfig({
  modules: ['@wxt-dev/module-vue'],
  // Explicit imports everywhere: the code reads the same in the build and in the tests.
  imports: false,
  // `pnpm package` collects these into dist/. Firefox's add-on review rebuilds the add-on from its
  // sources, so the sources zip holds what the build reads: the extension, the contract it imports
  // (shared/), and the workspace's lockfile and settings.
  zip: {
    artifactTemplate: 'dnsferry-{{browser}}-{{version}}.zip',
    sourcesTemplate: 'dnsferry-sources-{{version}}.zip',
    sourcesRoot: '..',
    includeSources: ['extension/**', 'shared/**', 'package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.json'],
  },
  manifest: ({ browser }) => ({
    name: 'dnsferry',
    description: 'Move DNS zones into Cloudflare: scan a domain, read Azure DNS, or paste records; watch every record land.',
    // activeTab: the domain of the tab the toolbar button was clicked on; scripting: the host names that
    // tab loaded or links to (read with activeTab's grant, that tab only), given to the scan;
    // storage: settings and session state.
    permissions: ['activeTab', 'scripting', 'storage'],
    // The companion runs on loopback; with host access the requests need no CORS preflight.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    action: { default_title: 'dnsferry: move this domain to Cloudflare' },
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'dnsferry@dnsferry.local', strict_min_version: '128.0' } } }
      : { key: CHROME_PUBLIC_KEY }),
  }),
});
