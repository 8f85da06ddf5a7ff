import { Migration } from '@mikro-orm/migrations';

export class Migration20261122053304AlertRuleTotal extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table "alert_rule_totals" ("id" smallint primary key, "total" int not null)');
    this.addSql('insert into "alert_rule_totals" ("id", "total") select 1, count(*) from "alert_rules"');
    for (const [name, event, sign] of [
      ['alert_rules_total_insert', 'insert', '+'],
      ['alert_rules_total_delete', 'delete', '-'],
    ] as const) {
      this.addSql(`create or replace function "${name}_fn"() returns trigger language plpgsql as $$ begin
          update "alert_rule_totals" set "total" = "total" ${sign} (select count(*) from "changed_rules") where "id" = 1;
          return null;
        end $$`);
      this.addSql(`create trigger "${name}" after ${event} on "alert_rules"
          referencing ${event === 'insert' ? 'new' : 'old'} table as "changed_rules"
          for each statement execute function "${name}_fn"()`);
    }
    this.addSql(`create function "alert_rules_total_truncate_fn"() returns trigger language plpgsql as $$ begin
        update "alert_rule_totals" set "total" = 0 where "id" = 1;
        return null;
      end $$`);
    this.addSql(`create trigger "alert_rules_total_truncate" after truncate on "alert_rules"
        for each statement execute function "alert_rules_total_truncate_fn"()`);
  }

  override async down(): Promise<void> {
    for (const name of [
      'alert_rules_total_truncate',
      'alert_rules_total_delete',
      'alert_rules_total_insert',
    ]) {
      this.addSql(`drop trigger if exists "${name}" on "alert_rules"`);
      this.addSql(`drop function if exists "${name}_fn"()`);
    }
    this.addSql('drop table if exists "alert_rule_totals" cascade');
  }
}
