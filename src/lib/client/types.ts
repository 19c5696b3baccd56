/** Shapes of the backend answers the islands use (backend OpenAPI at /api/docs.json). */

export interface CartLine {
  id: number;
  productId: number;
  sku: string;
  name: string;
  parentSku: string | null;
  /** The product's page (the configurable's for a variant). */
  urlKey: string;
  /** Root-relative thumbnail under /media/. */
  imageUrl: string;
  options: Record<string, string>;
  qty: number;
  price: number;
  rowTotal: number;
  available: number;
}

export interface Cart {
  id: number | null;
  currency: string;
  items: CartLine[];
  itemsQty: number;
  subtotal: number;
}

export interface GiftcardChoice {
  amount: number;
  senderName: string;
  senderEmail?: string;
  recipientName: string;
  recipientEmail?: string;
  message?: string;
}

/** POST /cart/items: the product and the choice its type takes (AddCartItem in the backend's OpenAPI). */
export interface AddCartItem {
  sku: string;
  qty: number;
  options?: Record<string, string | number>;
  /** Selection ids per bundle option id. */
  bundleOptions?: Record<string, number[]>;
  /** Downloadable link ids. */
  links?: number[];
  giftcard?: GiftcardChoice;
  /** Quantity per member SKU of a grouped product, added together or not at all. */
  groupedQuantities?: Record<string, number>;
}

export interface Address {
  firstName: string;
  lastName: string;
  company?: string | null;
  street: string[];
  city: string;
  region?: string | null;
  postcode: string;
  countryId: string;
  telephone?: string | null;
}

export interface SavedAddress extends Address {
  id: number;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
}

export interface ShippingMethod {
  code: string;
  title: string;
  amount: number;
}

export interface PaymentMethod {
  code: string;
  title: string;
  publishableKey: string | null;
  isDefault: boolean;
}

export interface PaymentIntent {
  id: string;
  provider: string;
  status: string;
  amount: number;
  currency: string;
}

export interface OrderLine {
  sku: string;
  name: string;
  options: Record<string, string>;
  qty: number;
  price: number;
  rowTotal: number;
}

export interface Order {
  id: number;
  number: string;
  status: string;
  email: string;
  currency: string;
  subtotal: number;
  shippingAmount: number;
  grandTotal: number;
  shippingMethod: string;
  shippingAddress: Address;
  lines: OrderLine[];
  createdAt: string;
}

/** Place-order's answer: the order and the reference its success page shows it by. */
export interface PlacedOrder extends Order {
  successReference: string;
}

export interface Customer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** `pending` when the shop approves new accounts first (Customer Approval): no sign-in until then. */
  approvalStatus?: 'pending' | 'active' | 'rejected';
}

export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
}

export interface Collection<T> {
  member: T[];
}
