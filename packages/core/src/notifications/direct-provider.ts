/**
 * The one provider chain entry of endpoints whose channel talks to its service directly (no
 * provider config): routes hand it out, send targets recognise it, and the delivery log stores it
 * as the attempt's provider config. The same string as the engine's `DIRECT_PROVIDER`.
 */
export const DIRECT_PROVIDER = 'direct';
