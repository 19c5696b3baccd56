/*
 * What a shopper chose for a bundle, a downloadable or a gift card, kept on the cart line and copied
 * onto the order line: a shared contract (contracts/line-configuration.ts), since both answers carry it.
 */
export type { BundleConfiguration, DownloadableConfiguration, GiftcardConfiguration, LineConfiguration } from '../../../../contracts/line-configuration.ts';
