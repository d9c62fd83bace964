/**
 * An independent KE-QR reader for the tests, written from the standard (CBK KE-QR Code Standard
 * 2023 on EMVCo MPM v1.1), not from lib/payment-options/ke-qr: it shares no code with the encoder,
 * so the two cannot agree by sharing a mistake. It reads what a scanning app reads and refuses what
 * a scanning app would refuse.
 */

export interface DataObject {
  id: string;
  value: string;
  /** Sub-objects, for the templates the standard defines as templates. */
  children?: DataObject[];
}

export interface DecodedKeQr {
  objects: DataObject[];
  /** The top-level values by ID (templates by their raw value). */
  byId: Record<string, string>;
  /** Templates' sub-objects by parent ID then sub-ID. */
  templates: Record<string, Record<string, string>>;
  crcStated: string;
  crcComputed: string;
}

/** EMVCo: IDs 02–51 merchant account information, 62 additional data, 64 language, 80–99 unreserved: all templates. */
const isTemplate = (id: number) => (id >= 2 && id <= 51) || id === 62 || id === 64 || id >= 80;

function readObjects(text: string, where: string): DataObject[] {
  const objects: DataObject[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id)) throw new Error(`${where}: ID "${id}" at ${at} is not two digits`);
    if (!/^\d{2}$/.test(lengthText)) throw new Error(`${where}: length "${lengthText}" of ${id} is not two digits`);
    const length = Number(lengthText);
    if (length === 0) throw new Error(`${where}: ${id} is empty`);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`${where}: ${id} says ${length} characters, ${value.length} remain`);
    objects.push({ id, value });
    at += 4 + length;
  }
  return objects;
}

/** CRC-16/CCITT-FALSE, bit by bit over the bytes, as EMVCo's annex describes it. */
function crc16(bytes: Uint8Array): number {
  let register = 0xffff;
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit--) {
      const incoming = (byte >> bit) & 1;
      const top = (register >> 15) & 1;
      register = (register << 1) & 0xffff;
      if (top ^ incoming) register ^= 0x1021;
    }
  }
  return register;
}

const ANS = /^[\x20-\x7e]*$/;

export function decodeKeQr(payload: string): DecodedKeQr {
  if (!ANS.test(payload)) throw new Error('payload holds characters outside the ans set');
  const objects = readObjects(payload, 'payload');
  const ids = objects.map((object) => object.id);
  if (ids[0] !== '00') throw new Error('00 (payload format indicator) must come first');
  if (ids.at(-1) !== '63') throw new Error('63 (CRC) must come last');
  if (new Set(ids).size !== ids.length) throw new Error(`an ID appears twice: ${ids.join(',')}`);
  for (const object of objects) {
    if (isTemplate(Number(object.id))) object.children = readObjects(object.value, `template ${object.id}`);
  }
  const crcObject = objects.at(-1)!;
  if (crcObject.value.length !== 4 || !/^[0-9A-F]{4}$/.test(crcObject.value)) throw new Error('63 must be four upper-case hex digits');
  const covered = new TextEncoder().encode(payload.slice(0, payload.length - 4));
  const crcComputed = crc16(covered).toString(16).toUpperCase().padStart(4, '0');
  const byId = Object.fromEntries(objects.map((object) => [object.id, object.value]));
  const templates = Object.fromEntries(
    objects.filter((object) => object.children).map((object) => [object.id, Object.fromEntries(object.children!.map((child) => [child.id, child.value]))]),
  );
  return { objects, byId, templates, crcStated: crcObject.value, crcComputed };
}

/**
 * What KE-QR requires of a merchant-presented code, as a list of broken rules (empty when the
 * code follows the standard): mandatory objects, their formats, the KES and Kenya values, a
 * ke.go.qr merchant account template, and the CRC.
 */
export function keQrProblems(decoded: DecodedKeQr): string[] {
  const { byId, templates } = decoded;
  const problems: string[] = [];
  const must = (ok: boolean, rule: string) => {
    if (!ok) problems.push(rule);
  };
  must(byId['00'] === '01', '00 is "01"');
  must(byId['01'] === '11' || byId['01'] === '12', '01 is 11 (static) or 12 (dynamic)');
  const accounts = Object.keys(templates).filter((id) => Number(id) >= 2 && Number(id) <= 51);
  must(accounts.length >= 1, 'at least one merchant account information template (02–51)');
  must(
    accounts.some((id) => templates[id]!['00'] === 'ke.go.qr'),
    'a merchant account template carries the ke.go.qr GUID in 00',
  );
  must(/^\d{4}$/.test(byId['52'] ?? ''), '52 is four digits');
  must(byId['53'] === '404', '53 is 404 (KES)');
  if (byId['54'] !== undefined) must(/^(?=.{1,13}$)\d+(\.\d{1,2})?$/.test(byId['54']) && Number(byId['54']) > 0, '54 is a positive amount of at most 13 characters');
  must(byId['58'] === 'KE', '58 is KE');
  must((byId['59'] ?? '').length >= 1 && (byId['59'] ?? '').length <= 25, '59 holds 1 to 25 characters');
  // KE-QR makes the city optional (EMVCo had it mandatory); when present it holds 1 to 15.
  if (byId['60'] !== undefined) must(byId['60'].length <= 15, '60 holds 1 to 15 characters');
  if (templates['62']?.['01'] !== undefined) must(templates['62']['01'].length <= 25, '62/01 holds at most 25 characters');
  must(decoded.crcStated === decoded.crcComputed, `63 is the CRC (${decoded.crcComputed})`);
  return problems;
}
