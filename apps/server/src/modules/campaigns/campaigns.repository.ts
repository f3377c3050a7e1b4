import type { CampaignAudience, CampaignInput } from '@vocagarden/contract';
import { and, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { emailCampaigns, emailRecipients, premiumSubscriptions, users } from '../../db/schema.ts';

export type CampaignRow = typeof emailCampaigns.$inferSelect;
export type RecipientRow = typeof emailRecipients.$inferSelect;

export interface CampaignTotals {
  recipients: number;
  sent: number;
  opened: number;
  clicked: number;
  bounced: number;
  unsubscribed: number;
}

export interface RecipientListRow {
  id: number;
  campaign: number;
  campaign_name: string;
  username: string;
  user: number | null;
  sent_at: Date | null;
  opened_at: Date | null;
  clicked_at: Date | null;
  bounced_at: Date | null;
  unsubscribed_at: Date | null;
  user_last_activity: Date | null;
}

const num = (value: unknown) => Number(value ?? 0);
const time = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));

/** The learners an audience names, always only those who asked for offers and whose address works. */
function audienceWhere(audience: CampaignAudience, at: Date): SQL {
  const now = at.toISOString();
  const premium = sql`EXISTS (SELECT 1 FROM ${premiumSubscriptions} s
    WHERE s.user_id = u.id AND s.start_date <= ${now}::timestamptz AND s.end_date > ${now}::timestamptz)`;
  const conditions: SQL[] = [sql`u.email_campaigns`, sql`u.email_bounced_at IS NULL`];
  if (audience.plan === 'premium') conditions.push(premium);
  if (audience.plan === 'free') conditions.push(sql`NOT ${premium}`);
  if (audience.inactive_days !== null) {
    conditions.push(
      sql`coalesce(u.last_activity, u.date_joined) < ${now}::timestamptz - make_interval(days => ${audience.inactive_days})`,
    );
  }
  if (audience.native_language_codes.length > 0) {
    // An account that never chose is shown the default language (tr), like the app does.
    conditions.push(
      sql`coalesce(u.native_language_code, 'tr') IN (${sql.join(
        audience.native_language_codes.map((code) => sql`${code}`),
        sql`, `,
      )})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

export function campaignsRepository(db: Executor) {
  return {
    async create(input: CampaignInput, createdBy: number): Promise<CampaignRow> {
      const [row] = await db
        .insert(emailCampaigns)
        .values({ ...input, createdBy })
        .returning();
      return row!;
    },

    async find(id: number): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
      return row;
    },

    /** The campaign, locked until the transaction ends (changes and sending go one at a time). */
    async lock(id: number): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).for('update');
      return row;
    },

    async list(): Promise<CampaignRow[]> {
      return db.select().from(emailCampaigns).orderBy(desc(emailCampaigns.id));
    },

    async update(id: number, changes: Partial<CampaignRow>): Promise<CampaignRow | undefined> {
      const [row] = await db.update(emailCampaigns).set(changes).where(eq(emailCampaigns.id, id)).returning();
      return row;
    },

    async remove(id: number): Promise<void> {
      await db.delete(emailCampaigns).where(eq(emailCampaigns.id, id));
    },

    /** Every campaign's totals, by campaign id. */
    async totals(ids: number[]): Promise<Map<number, CampaignTotals>> {
      if (ids.length === 0) return new Map();
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT campaign_id,
                   count(*)::int AS recipients,
                   count(sent_at)::int AS sent,
                   count(opened_at)::int AS opened,
                   count(clicked_at)::int AS clicked,
                   count(bounced_at)::int AS bounced,
                   count(unsubscribed_at)::int AS unsubscribed
            FROM ${emailRecipients}
            WHERE campaign_id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
            GROUP BY campaign_id`,
      );
      return new Map(
        rows.map((row) => [
          num(row.campaign_id),
          {
            recipients: num(row.recipients),
            sent: num(row.sent),
            opened: num(row.opened),
            clicked: num(row.clicked),
            bounced: num(row.bounced),
            unsubscribed: num(row.unsubscribed),
          },
        ]),
      );
    },

    /** Fixes who gets the campaign: one row per consenting learner of the audience, in one statement. */
    async addRecipients(campaign: CampaignRow, at: Date): Promise<number> {
      const rows = await queryRows<{ count: number }>(
        db,
        sql`WITH added AS (
              INSERT INTO ${emailRecipients} (campaign_id, user_id, email, language)
              SELECT ${campaign.id}, u.id, u.email, coalesce(u.native_language_code, 'tr')
              FROM users u
              WHERE ${audienceWhere(campaign.audience, at)}
              ON CONFLICT (campaign_id, user_id) DO NOTHING
              RETURNING 1)
            SELECT count(*)::int AS count FROM added`,
      );
      return num(rows[0]?.count);
    },

    /** The next messages to send, in id order (not sent, not bounced, not given up), with the recipient's first name. */
    async pending(campaignId: number, limit: number): Promise<(RecipientRow & { firstName: string })[]> {
      return db
        .select({ ...getTableColumns(emailRecipients), firstName: sql<string>`coalesce(${users.firstName}, '')` })
        .from(emailRecipients)
        .leftJoin(users, eq(users.id, emailRecipients.userId))
        .where(
          and(
            eq(emailRecipients.campaignId, campaignId),
            isNull(emailRecipients.sentAt),
            isNull(emailRecipients.bouncedAt),
            isNull(emailRecipients.failedAt),
          ),
        )
        .orderBy(emailRecipients.id)
        .limit(limit);
    },

    async markSent(recipientId: number, at: Date): Promise<void> {
      await db.update(emailRecipients).set({ sentAt: at }).where(eq(emailRecipients.id, recipientId));
    },

    /**
     * A permanent failure: the message, and every optional mail to that address from now on; both
     * or neither, so a crash between them cannot leave the address still getting optional mail.
     */
    async markBounced(recipient: Pick<RecipientRow, 'id' | 'email'>, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(emailRecipients).set({ bouncedAt: at }).where(eq(emailRecipients.id, recipient.id));
        await tx
          .update(users)
          .set({ emailBouncedAt: at })
          .where(sql`lower(${users.email}) = lower(${recipient.email})`);
      });
    },

    /** A temporary failure: tried again later, given up after `maxAttempts`. */
    async markAttempt(recipientId: number, maxAttempts: number, at: Date): Promise<void> {
      await db
        .update(emailRecipients)
        .set({
          attempts: sql`${emailRecipients.attempts} + 1`,
          failedAt: sql`CASE WHEN ${emailRecipients.attempts} + 1 >= ${maxAttempts} THEN ${at.toISOString()}::timestamptz END`,
        })
        .where(eq(emailRecipients.id, recipientId));
    },

    /** Sets a tracking time once: the first open, the first click, the unsubscribe. */
    async track(
      recipientId: number,
      event: 'opened' | 'clicked' | 'unsubscribed',
      at: Date,
    ): Promise<RecipientRow | undefined> {
      const column = { opened: 'opened_at', clicked: 'clicked_at', unsubscribed: 'unsubscribed_at' }[event];
      const [row] = await queryRows<RecipientRow>(
        db,
        sql`UPDATE ${emailRecipients}
            SET ${sql.identifier(column)} = coalesce(${sql.identifier(column)}, ${at.toISOString()}::timestamptz)
              ${event === 'clicked' ? sql`, opened_at = coalesce(opened_at, ${at.toISOString()}::timestamptz)` : sql``}
            WHERE id = ${recipientId}
            RETURNING id`,
      );
      return row;
    },

    /** A permanent bounce reported later (the bounce webhook): as markBounced, on the newest message sent to `email`. */
    async markBouncedByEmail(email: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ emailBouncedAt: at })
          .where(sql`lower(${users.email}) = lower(${email})`);
        // The newest message to that address is the one that bounced.
        await tx.execute(sql`UPDATE ${emailRecipients} SET bounced_at = coalesce(bounced_at, ${at.toISOString()}::timestamptz)
          WHERE id = (SELECT id FROM ${emailRecipients} WHERE lower(email) = lower(${email}) AND sent_at IS NOT NULL
                      ORDER BY sent_at DESC LIMIT 1)`);
      });
    },

    /** A page of recipients (spec §3), optionally of one campaign. */
    async recipients(request: {
      campaignId: number | undefined;
      limit: number;
      offset: number;
      ordering: string;
      search: string | undefined;
    }): Promise<{ count: number; rows: RecipientListRow[] }> {
      const columns: Record<string, string> = {
        id: 'r.id',
        username: 'lower(r.email)',
        sent_at: 'r.sent_at',
        opened_at: 'r.opened_at',
        clicked_at: 'r.clicked_at',
        bounced_at: 'r.bounced_at',
        unsubscribed_at: 'r.unsubscribed_at',
        user_last_activity: 'u.last_activity',
      };
      const descending = request.ordering.startsWith('-');
      const expression = columns[descending ? request.ordering.slice(1) : request.ordering] ?? 'r.id';
      const direction = descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
      const filters: SQL[] = [];
      if (request.campaignId !== undefined) filters.push(sql`r.campaign_id = ${request.campaignId}`);
      if (request.search)
        filters.push(sql`lower(r.email) LIKE ${`%${request.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`);
      const where = filters.length > 0 ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``;
      const [rows, total] = await Promise.all([
        queryRows<Record<string, unknown>>(
          db,
          sql`SELECT r.id, r.campaign_id, c.name AS campaign_name, r.email, r.user_id, r.sent_at, r.opened_at,
                     r.clicked_at, r.bounced_at, r.unsubscribed_at, u.last_activity
              FROM ${emailRecipients} r
              JOIN ${emailCampaigns} c ON c.id = r.campaign_id
              LEFT JOIN ${users} u ON u.id = r.user_id
              ${where}
              ORDER BY ${sql.raw(expression)} ${sql.raw(direction)}, r.id ${sql.raw(descending ? 'DESC' : 'ASC')}
              LIMIT ${request.limit} OFFSET ${request.offset}`,
        ),
        queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${emailRecipients} r ${where}`),
      ]);
      return {
        count: num(total[0]?.count),
        rows: rows.map((row) => ({
          id: num(row.id),
          campaign: num(row.campaign_id),
          campaign_name: String(row.campaign_name),
          // As in the staff's user page: the address's local part stands in for a user name.
          username: String(row.email).split('@')[0] ?? String(row.email),
          user: row.user_id === null ? null : num(row.user_id),
          sent_at: time(row.sent_at),
          opened_at: time(row.opened_at),
          clicked_at: time(row.clicked_at),
          bounced_at: time(row.bounced_at),
          unsubscribed_at: time(row.unsubscribed_at),
          user_last_activity: time(row.last_activity),
        })),
      };
    },
  };
}
