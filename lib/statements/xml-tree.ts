/**
 * Just enough of an XML tree to read a camt.053 statement: elements by local name (prefixes and
 * namespaces are checked once, at the root), attributes by local name, text trimmed. Built by
 * camt053.ts from saxes' events, one statement header or one entry at a time.
 */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export const children = (node: XmlNode | undefined, name: string): XmlNode[] => node?.children.filter((child) => child.name === name) ?? [];

/** The first element at a path of local names, or undefined. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = current?.children.find((child) => child.name === name);
  return current;
}

/** An element's text, or undefined when it is absent, empty or holds only other elements. */
export function text(node: XmlNode | undefined, ...path: string[]): string | undefined {
  return at(node, ...path)?.text.trim() || undefined;
}
