import { correction, generate, type Bitmap2D } from 'lean-qr/nano';
import { toSvgPath } from 'lean-qr/extras/svg';

/**
 * QR codes on the maintained `lean-qr` (its "nano" build: small, enough for otpauth:// URIs). Level M at least,
 * like authenticator-app setup screens use.
 */
export const qrCode = (text: string): Bitmap2D => generate(text, { minCorrectionLevel: correction.M });

/** A QR code as one SVG path; `viewBox` includes the standard quiet zone of 4 modules. */
export function qrSvg(text: string, margin = 4): { d: string; viewBox: string } {
  const code = qrCode(text);
  const side = code.size + 2 * margin;
  return { d: toSvgPath(code), viewBox: `${-margin} ${-margin} ${side} ${side}` };
}
