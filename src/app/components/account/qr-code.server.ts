import QRCode from 'qrcode';

/** The longest setup address drawn: the plugin's are about 150 characters. */
const MAX_URI = 512;

/**
 * An authenticator's setup address (`otpauth://totp/...`) as a QR code, an SVG data URL drawn
 * here on the server (decision 087): the secret never goes to another service. Anything that is
 * not such an address is refused (null), so this draws nothing else.
 */
export async function setupQrCode(uri: string): Promise<string | null> {
  if (uri.length > MAX_URI || !/^otpauth:\/\/totp\/[^\s]+\?(.+&)?secret=[A-Z2-7]+/i.test(uri)) return null;
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
