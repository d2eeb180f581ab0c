/** The resource group of a zone: segment 4 of its id (ARM returns it in no fixed casing). */
export function resourceGroupOf(id: string): string | null {
  const segs = id.split('/');
  return segs[3]?.toLowerCase() === 'resourcegroups' && segs[4] ? segs[4] : null;
}
