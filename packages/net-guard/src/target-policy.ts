import { BlockList, isIP } from 'node:net';
import { BlockedTargetError } from './blocked-target-error';
import { isCloudMetadataAddress } from './cloud-metadata';
import { isForbiddenAddress } from './forbidden-ranges';

/** Which addresses outbound delivery may reach. */
export interface TargetPolicyOptions {
  /** Turns the guard off: tests, and installations that deliver to internal hosts on purpose. */
  readonly allowPrivateTargets?: boolean;
  /**
   * Exceptions to the guard: single addresses (`10.0.0.5`) or CIDR ranges (`10.20.0.0/16`),
   * for example a self-hosted Mattermost on the internal network. Cloud metadata addresses stay
   * refused whatever this lists.
   *
   * @example ['10.0.0.5', 'fd00:1::/64']
   */
  readonly allowedAddresses?: readonly string[];
}

/** Decides whether an address may be connected to; throws BlockedTargetError when not. */
export interface TargetPolicy {
  readonly enforced: boolean;
  assertAllowed(hostname: string, address: string): void;
}

export function createTargetPolicy(options: TargetPolicyOptions = {}): TargetPolicy {
  const exceptions = exceptionList(options.allowedAddresses ?? []);
  const allowed = (address: string) => {
    if (isCloudMetadataAddress(address)) return false;
    const family = isIP(address);
    if (family !== 0 && exceptions.check(address, family === 4 ? 'ipv4' : 'ipv6')) return true;
    return !isForbiddenAddress(address);
  };
  const enforced = options.allowPrivateTargets !== true;
  return {
    enforced,
    assertAllowed(hostname, address) {
      if (enforced && !allowed(address)) throw new BlockedTargetError(hostname, address);
    },
  };
}

function exceptionList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [network = '', prefix] = entry.split('/');
    const family = isIP(network);
    if (family === 0) throw new Error(`allowedAddresses: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(network, type);
    else list.addSubnet(network, Number(prefix), type);
  }
  return list;
}
