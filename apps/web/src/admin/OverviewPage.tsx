import type { Site } from '@plaza/contracts';
import { currencyInfo, formatDateTime, languageName } from '../lib/format.js';
import { Card } from '../ui/Card.js';
import { Facts, PageHeader, SiteQuery } from './SiteQuery.js';
import { describeCaptcha, yesNo } from './policy.js';

export function OverviewPage() {
  return (
    <>
      <PageHeader title="Overview" description="Your site's settings as visitors and members see them." />
      <SiteQuery>{(site) => <Overview site={site} />}</SiteQuery>
    </>
  );
}

function Overview({ site }: { site: Site }) {
  const currency = currencyInfo(site);
  const now = formatDateTime(new Date().toISOString(), site);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Site">
        <Facts
          rows={[
            ['Name', site.name],
            [
              'Currency',
              <>
                {currency.code} · {currency.name} ({currency.symbol})
                <span className="block text-xs font-normal text-neutral-600">Prices look like {currency.example}</span>
              </>,
            ],
            ['Locale', `${languageName(site.locale)} (${site.locale})`],
            [
              'Time zone',
              <>
                {site.timeZone}
                <span className="block text-xs font-normal text-neutral-600">Now there: {now}</span>
              </>,
            ],
          ]}
        />
      </Card>
      <Card title="Sign-in policy">
        <Facts
          rows={[
            ['E-mail verification', yesNo(site.signInPolicy.emailVerificationRequired)],
            ['Owner approval', yesNo(site.signInPolicy.ownerApprovalRequired)],
            ['Captcha', describeCaptcha(site.signInPolicy)],
          ]}
        />
      </Card>
      <Card title="History" className="lg:col-span-2">
        <Facts
          rows={[
            ['Created', <time dateTime={site.createdDate}>{formatDateTime(site.createdDate, site)}</time>],
            ['Last changed', <time dateTime={site.updatedDate}>{formatDateTime(site.updatedDate, site)}</time>],
          ]}
        />
      </Card>
    </div>
  );
}
