/** A small well-formedness check for the XML the server writes (no XML parser is a dependency). */

/** Throws unless well-formed: one root, every element closed in order, no stray "<" or "&" in text. */
export function checkWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  let rest = body;
  while (rest.length) {
    const lt = rest.indexOf('<');
    const text = lt === -1 ? rest : rest.slice(0, lt);
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bad entity in ${text}`);
    if (!stack.length && text.trim()) throw new Error(`text outside the root: ${text}`);
    if (lt === -1) break;
    const tag = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/.exec(rest.slice(lt));
    if (!tag) throw new Error(`bad tag at ${rest.slice(lt, lt + 40)}`);
    const [whole, closing, name, , selfClosing] = tag;
    if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing`);
    } else if (!selfClosing) {
      if (!stack.length) roots++;
      stack.push(name!);
    } else if (!stack.length) roots++;
    rest = rest.slice(lt + whole.length);
  }
  if (stack.length) throw new Error(`unclosed ${stack.join(', ')}`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}
