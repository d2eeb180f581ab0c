import { describe, expect, it } from 'vitest';
import { azureAliasTarget, parseResourceId } from '@dnsferry/shared';

const SUB = '00000000-0000-4000-8000-000000000001';
const id = (rest: string, rg = 'dns-rg') => `/subscriptions/${SUB}/resourceGroups/${rg}/providers/${rest}`;

describe('parseResourceId', () => {
  it('splits an ARM id, namespace and types lower-cased, names as given', () => {
    expect(parseResourceId(id('Microsoft.Network/dnszones/Contoso.example/A/WWW'))).toEqual({
      subscriptionId: SUB,
      resourceGroup: 'dns-rg',
      namespace: 'microsoft.network',
      parts: [
        { type: 'dnszones', name: 'Contoso.example' },
        { type: 'a', name: 'WWW' },
      ],
    });
  });

  it.each([
    '',
    '/subscriptions/x',
    `/subscriptions/${SUB}/resourceGroups/rg/providers/Microsoft.Network/dnszones`,
    '/tenants/a/b/c/d/e/f/g',
  ])('%j is not a resource id', (text) => {
    expect(parseResourceId(text)).toBeNull();
  });
});

describe('azureAliasTarget', () => {
  const home = { name: 'contoso.example', subscriptionId: SUB, resourceGroup: 'dns-rg' };

  it('a record set of the same zone, compared without case', () => {
    expect(azureAliasTarget(id('Microsoft.Network/dnsZones/CONTOSO.example/AAAA/Web', 'DNS-RG'), home)).toEqual({
      kind: 'record-set',
      type: 'AAAA',
      name: 'Web',
    });
  });

  it('what a zone file does not know is not compared: any subscription, and any resource group when none is named', () => {
    const other = `/subscriptions/11111111-0000-4000-8000-000000000001/resourceGroups/elsewhere/providers/Microsoft.Network/dnszones/contoso.example/A/www`;
    expect(azureAliasTarget(other, { name: 'contoso.example' })).toMatchObject({ kind: 'record-set' });
    expect(azureAliasTarget(other, { name: 'contoso.example', resourceGroup: 'dns-rg' })).toMatchObject({ kind: 'unsupported' });
  });

  it.each([
    [id('Microsoft.Network/trafficManagerProfiles/tm'), { kind: 'traffic-manager', name: 'tm' }],
    [id('Microsoft.Network/publicIPAddresses/ip1'), { kind: 'public-ip', name: 'ip1' }],
    [
      id('Microsoft.Network/dnszones/contoso.example'),
      { kind: 'unsupported', message: expect.stringMatching(/is a zone, not a record set$/) },
    ],
    [
      id('Microsoft.Network/dnszones/fabrikam.example/A/www'),
      { kind: 'unsupported', message: expect.stringMatching(/another zone \(fabrikam\.example\)/) },
    ],
    [
      id('Microsoft.Cdn/profiles/p/endpoints/e'),
      {
        kind: 'unsupported',
        message: expect.stringMatching(/^alias to microsoft\.cdn\/profiles\/endpoints "p\/e" cannot be carried over/),
      },
    ],
    ['not-an-id', { kind: 'unsupported', message: 'alias target "not-an-id" is not an Azure resource id' }],
  ])('%s', (target, expected) => {
    expect(azureAliasTarget(target, home)).toEqual(expected);
  });
});
