/** Route 53's XML: one namespace, elements in the API model's order, absent members left out. */
export const NAMESPACE = 'https://route53.amazonaws.com/doc/2013-04-01/';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A child: text, nested children, or nothing (undefined: the element is left out). */
export type Node = string | number | boolean | undefined | Array<[string, Node]>;

export function element(name: string, content: Node): string {
  if (content === undefined) return '';
  if (Array.isArray(content)) return `<${name}>${content.map(([n, c]) => element(n, c)).join('')}</${name}>`;
  return `<${name}>${escapeXml(String(content))}</${name}>`;
}

/** A whole response document. */
export function document(root: string, children: Array<[string, Node]>): string {
  return `<?xml version="1.0"?>\n<${root} xmlns="${NAMESPACE}">${children.map(([n, c]) => element(n, c)).join('')}</${root}>`;
}

/** The generic AWS error envelope every Route 53 error uses. */
export function errorDocument(code: string, message: string, requestId: string): string {
  return document('ErrorResponse', [
    [
      'Error',
      [
        ['Type', 'Sender'],
        ['Code', code],
        ['Message', message],
      ],
    ],
    ['RequestId', requestId],
  ]);
}
