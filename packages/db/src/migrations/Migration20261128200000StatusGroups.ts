import { Migration } from '@mikro-orm/migrations';

/** The status page's cards: a unique name and the tags a rule must all carry to count on one. */
export class Migration20261128200000StatusGroups extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "status_groups" ("id" uuid not null, "name" varchar(255) not null, "tags" text[] not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('alter table "status_groups" add constraint "status_groups_name_unique" unique ("name")');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "status_groups" cascade');
  }
}
