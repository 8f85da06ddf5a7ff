import { Migration } from '@mikro-orm/migrations';

/**
 * The (rule, state) index becomes (state, rule). Leading with the rule, it tied with the unique
 * (rule, fingerprint) index on a generic plan whose statistics said little, and being the smaller
 * one it won: the one-statement fire functions, whose plans PL/pgSQL caches per connection, then
 * walked every instance of the rule to find one fingerprint. Leading with the state, it serves the
 * same reads (the firing instances of a rule, one probe per state) and can no longer serve a lookup
 * that does not name a state; reads by rule alone take the unique index, which leads with the rule.
 */
export class Migration20261127020000InstanceStateIndexLeadsWithState extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists "alert_instances_rule_state"');
    this.addSql('create index "alert_instances_state_rule" on "alert_instances" ("state", "rule_id")');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "alert_instances_state_rule"');
    this.addSql('create index "alert_instances_rule_state" on "alert_instances" ("rule_id", "state")');
  }
}
