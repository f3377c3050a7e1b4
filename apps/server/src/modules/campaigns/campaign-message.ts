import { isUiLanguage, type UiLanguage } from '@vocagarden/contract';
import { renderMarkdown, rewriteLinks, type RenderedBody } from '../../lib/email/markdown.ts';
import { campaignEmail } from '../../lib/email/templates.ts';
import type { Services } from '../../services.ts';
import { unsubscribeLink } from '../email/unsubscribe-links.ts';
import { recipientOf } from '../premium/plan-reminders.ts';
import { campaignLinks } from './campaign-links.ts';
import type { CampaignRow, RecipientRow } from './campaigns.repository.ts';

/**
 * One recipient's message: the campaign in their language, every link tracked, a pixel, and the
 * one-click way out that also marks this message unsubscribed. Shared by the sender and the preview;
 * the sender passes a `render` that renders each language's Markdown once per chunk.
 */
export function composeCampaignMessage(
  services: Pick<Services, 'links' | 'publicUrl'>,
  campaign: Pick<CampaignRow, 'subject' | 'body'>,
  recipient: Pick<RecipientRow, 'id' | 'email' | 'language' | 'userId'> & { firstName: string },
  tracked: boolean,
  render: (markdown: string) => RenderedBody = renderMarkdown,
) {
  const language: UiLanguage = isUiLanguage(recipient.language) ? recipient.language : 'en';
  const body = render(campaign.body[language]);
  const links = campaignLinks(services.links, services.publicUrl);
  return campaignEmail(
    recipientOf({ email: recipient.email, firstName: recipient.firstName, nativeLanguageCode: language }),
    {
      subject: campaign.subject[language],
      body: tracked ? { ...body, html: rewriteLinks(body.html, (url) => links.clickUrl(recipient.id, url)) } : body,
    },
    tracked ? { pixelUrl: links.pixelUrl(recipient.id) } : null,
    tracked && recipient.userId !== null
      ? unsubscribeLink(services.links, services.publicUrl, {
          userId: recipient.userId,
          kind: 'campaign_emails',
          recipientId: recipient.id,
        })
      : null,
  );
}
