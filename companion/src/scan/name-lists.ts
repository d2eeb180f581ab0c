/**
 * The names a scan probes, relative to the domain. A DoH scan cannot list a zone, so it asks for
 * the names zones use most, ranked by how often they are found, and for the well-known names whose
 * loss breaks mail and services quietly. Sources: public scanner name lists (their top entries),
 * the host labels of SaaS DNS setup templates, Microsoft 365 / Google Workspace setup guides, and
 * an Internet-wide count of SRV services.
 */

/** Host names, probed for A, AAAA and CNAME. */
export const COMMON_HOSTS = [
  'www', 'm', 'app', 'apps', 'api', 'admin', 'portal', 'dashboard', 'dash', 'blog', 'shop', 'store',
  'cdn', 'static', 'assets', 'img', 'images', 'media', 'files', 'download', 'docs', 'help', 'support',
  'status', 'dev', 'staging', 'test', 'beta', 'demo', 'login', 'sso', 'auth', 'id', 'account', 'my',
  'secure', 'vpn', 'remote', 'git', 'mail', 'mail2', 'smtp', 'imap', 'pop', 'pop3', 'webmail', 'mx',
  'mx1', 'mx2', 'email', 'autodiscover', 'autoconfig', 'lyncdiscover', 'sip', 'enterpriseregistration',
  'enterpriseenrollment', 'msoid', 'owa', 'exchange', 'send', 'bounce', 'bounces', 'return', 'track',
  'click', 'link', 'mta-sts', 'ftp', 'sftp', 'ns1', 'ns2', 'cpanel', 'whm', 'webdisk', 'cpcalendars',
  'intranet', 'crm', 'wiki', 'forum', 'news', 'calendar', 'cloud', 'data',
] as const;

/** Names that carry TXT records (policies, verifications), probed for TXT and CNAME. */
export const TXT_NAMES = [
  '_dmarc', '_mta-sts', '_smtp._tls', '_acme-challenge', '_amazonses', '_cf-custom-hostname', '_vercel',
  'default._bimi', '_github-challenge', '_domainconnect',
] as const;

/**
 * DKIM selectors (`<selector>._domainkey`), probed for TXT and CNAME: Microsoft 365, Google
 * Workspace, then the common mail services and generic names.
 */
export const DKIM_SELECTORS = [
  'selector1', 'selector2', // Microsoft 365
  'google', '20161025', '20210112', '20230601', // Google Workspace
  'default', 'dkim', 'mail', 'email', 'k1', 'k2', 'k3', 's1', 's2', 'smtp', 'smtpapi', // generic, SendGrid, Mailchimp
  'mandrill', 'mailjet', 'amazonses', 'resend', 'zoho', 'zohomail', 'zendesk1', 'zendesk2',
  'fm1', 'fm2', 'fm3', 'protonmail', 'protonmail2', 'protonmail3', 'mimecast', 'proofpoint', 'pm',
] as const;

/** SRV services, most frequent first (Microsoft 365 / Skype for Business lead by far). */
export const SRV_SERVICES = [
  '_sipfederationtls._tcp', '_sip._tls', '_autodiscover._tcp', '_xmpp-server._tcp', '_sip._tcp', '_sips._tcp',
  '_caldavs._tcp', '_carddavs._tcp', '_caldav._tcp', '_carddav._tcp', '_sip._udp', '_imaps._tcp',
  '_submission._tcp', '_submissions._tcp', '_xmpp-client._tcp', '_pop3s._tcp', '_jabber._tcp', '_imap._tcp',
  '_turn._udp', '_turns._tcp', '_stun._udp', '_pop3._tcp', '_ldap._tcp', '_kerberos._tcp', '_matrix._tcp',
  '_minecraft._tcp', '_h323cs._tcp',
] as const;
