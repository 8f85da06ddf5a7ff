import { PermanentError } from '@oncall/plugin-sdk';

/**
 * The SSRF guard refused to connect: the target is, or resolves to, an address that must not be
 * reached from the server (loopback, private, link-local and metadata, CGNAT, multicast, …).
 * Permanent, because retrying reaches the same address.
 */
export class BlockedTargetError extends PermanentError {
  override readonly name = 'BlockedTargetError';

  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(
      hostname === address
        ? `Refused to connect to ${address}: private, loopback or reserved addresses are not allowed`
        : `Refused to connect to ${hostname} (${address}): private, loopback or reserved addresses are not allowed`,
    );
  }
}
