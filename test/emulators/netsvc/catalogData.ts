/**
 * Fixed catalogue content: a handful of realistic locations (§4.1), partner ports (§4.2), MVE images and sizes (§4.3)
 * and internet exchanges (§3.6 `GET /v2/ixp`). UIDs are literal so tests can name them.
 */

export interface ZoneCaps {
  mcrSpeedMbps: number[];
  megaportSpeedMbps: number[];
  mveMaxCpuCoreCount: number | null;
  mveAvailable: boolean;
  natGatewaySpeedMbps: number[];
}

export interface Location {
  id: number;
  uid: string;
  name: string;
  metro: string;
  market: string;
  country: string;
  city: string;
  status: string;
  address: { street: string; suburb: string; city: string; state: string; postcode: string; country: string };
  latitude: number;
  longitude: number;
  dataCentre: { id: number; name: string };
  orderingMessage: string | null;
  diversityZones: { red?: ZoneCaps; blue?: ZoneCaps };
  crossConnect: { available: boolean; type: string | null };
}

const PORT_SPEEDS = [1000, 10000, 100000];
const MCR_SPEEDS = [1000, 2500, 5000, 10000, 25000, 50000, 100000];
const zone = (extra: Partial<ZoneCaps> = {}): ZoneCaps => ({
  mcrSpeedMbps: MCR_SPEEDS,
  megaportSpeedMbps: PORT_SPEEDS,
  mveMaxCpuCoreCount: 12,
  mveAvailable: true,
  natGatewaySpeedMbps: [1000, 2500, 5000, 10000],
  ...extra,
});

export const LOCATIONS: Location[] = [
  {
    id: 3,
    uid: "6e0b4d5a-5c1f-4a46-9d3b-0c2e6a1f9a03",
    name: "Equinix SY1",
    metro: "Sydney",
    market: "AU",
    country: "Australia",
    city: "Sydney",
    status: "Active",
    address: {
      street: "639 Gardeners Road",
      suburb: "Mascot",
      city: "Sydney",
      state: "NSW",
      postcode: "2020",
      country: "Australia",
    },
    latitude: -33.9236,
    longitude: 151.1877,
    dataCentre: { id: 5, name: "Equinix" },
    orderingMessage: null,
    diversityZones: { red: zone(), blue: zone() },
    crossConnect: { available: true, type: "Standard" },
  },
  {
    id: 23,
    uid: "0f3c2b7e-8a4d-4c21-b6f1-5d9e7a2c1b23",
    name: "Global Switch Sydney West",
    metro: "Sydney",
    market: "AU",
    country: "Australia",
    city: "Sydney",
    status: "Active",
    address: {
      street: "400 Harris Street",
      suburb: "Ultimo",
      city: "Sydney",
      state: "NSW",
      postcode: "2007",
      country: "Australia",
    },
    latitude: -33.8792,
    longitude: 151.1984,
    dataCentre: { id: 17, name: "Global Switch" },
    orderingMessage: null,
    diversityZones: { red: zone({ mveMaxCpuCoreCount: 8 }), blue: zone({ mveMaxCpuCoreCount: 8 }) },
    crossConnect: { available: true, type: "Standard" },
  },
  {
    id: 65,
    uid: "a1d7c3e9-2b5f-4e68-8c0a-3f6d9b1e2c65",
    name: "CoreSite LA1",
    metro: "Los Angeles",
    market: "US",
    country: "USA",
    city: "Los Angeles",
    status: "Active",
    address: {
      street: "624 S Grand Ave",
      suburb: "Downtown",
      city: "Los Angeles",
      state: "CA",
      postcode: "90017",
      country: "USA",
    },
    latitude: 34.0478,
    longitude: -118.2555,
    dataCentre: { id: 41, name: "CoreSite" },
    orderingMessage: null,
    diversityZones: {
      red: zone({ megaportSpeedMbps: [1000, 10000, 100000, 400000], mcrSpeedMbps: [...MCR_SPEEDS, 400000] }),
      blue: zone({ megaportSpeedMbps: [1000, 10000, 100000, 400000], mcrSpeedMbps: [...MCR_SPEEDS, 400000] }),
    },
    crossConnect: { available: true, type: "Standard" },
  },
  {
    id: 137,
    uid: "c4b8e2f1-7d3a-4b90-a5e6-1c9f0d8b7137",
    name: "Equinix LD5",
    metro: "London",
    market: "UK",
    country: "United Kingdom",
    city: "Slough",
    status: "Active",
    address: {
      street: "8 Buckingham Avenue",
      suburb: "Slough Trading Estate",
      city: "Slough",
      state: "Berkshire",
      postcode: "SL1 4AX",
      country: "United Kingdom",
    },
    latitude: 51.5226,
    longitude: -0.6285,
    dataCentre: { id: 5, name: "Equinix" },
    orderingMessage: "Red zone only at this site",
    // Only one diversity zone, and no MVE: orders asking for blue or for an MVE here are refused.
    diversityZones: { red: zone({ mveAvailable: false, mveMaxCpuCoreCount: null }) },
    crossConnect: { available: false, type: null },
  },
  {
    id: 88,
    uid: "e7a9f4c2-3b1d-4f5e-9a8c-6d2b0e4f1088",
    name: "Interxion FRA6",
    metro: "Frankfurt",
    market: "DE",
    country: "Germany",
    city: "Frankfurt",
    status: "Active",
    address: {
      street: "Weismuellerstrasse 21-23",
      suburb: "Ostend",
      city: "Frankfurt am Main",
      state: "Hessen",
      postcode: "60314",
      country: "Germany",
    },
    latitude: 50.1109,
    longitude: 8.7134,
    dataCentre: { id: 29, name: "Interxion" },
    orderingMessage: null,
    diversityZones: { red: zone(), blue: zone() },
    crossConnect: { available: true, type: "Standard" },
  },
  {
    id: 180,
    uid: "b2e6d9a1-4c7f-4a3b-8e5d-7f1a2c3b4180",
    name: "Telehouse TH2 Paris",
    metro: "Paris",
    market: "FR",
    country: "France",
    city: "Paris",
    status: "Active",
    address: {
      street: "137 Boulevard Voltaire",
      suburb: "11e Arrondissement",
      city: "Paris",
      state: "Ile-de-France",
      postcode: "75011",
      country: "France",
    },
    latitude: 48.8566,
    longitude: 2.3795,
    dataCentre: { id: 33, name: "Telehouse" },
    orderingMessage: null,
    diversityZones: { red: zone(), blue: zone() },
    crossConnect: { available: true, type: "Standard" },
  },
  {
    id: 400,
    uid: "d5f1a8b3-9e2c-4d6a-b7f0-2a4c6e8d0400",
    name: "NextDC M3",
    metro: "Melbourne",
    market: "AU",
    country: "Australia",
    city: "Melbourne",
    // Not open for orders yet: listed, filterable by status, but buying here is refused.
    status: "Deployment",
    address: {
      street: "1 Eastern Road",
      suburb: "West Footscray",
      city: "Melbourne",
      state: "VIC",
      postcode: "3012",
      country: "Australia",
    },
    latitude: -37.8029,
    longitude: 144.8734,
    dataCentre: { id: 61, name: "NextDC" },
    orderingMessage: "Opening soon",
    diversityZones: { red: zone(), blue: zone() },
    crossConnect: { available: false, type: null },
  },
];

export interface PartnerPort {
  productUid: string;
  companyUid: string;
  companyName: string;
  title: string;
  locationId: number;
  speed: number;
  maxVxcSpeed: number;
  rank: number;
  vxcPermitted: boolean;
  diversityZone: "red" | "blue" | null;
  connectType: string;
  /** Whether VXCs to this port are approved without the owner acting (CSPs: yes; a marketplace company: no). */
  vxcAutoApproval: boolean;
}

const AWS = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000001", companyName: "AWS" };
const MSFT = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000002", companyName: "Microsoft Azure" };
const GOOG = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000003", companyName: "Google Inc" };
const ORCL = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000004", companyName: "Oracle" };
const IBM = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000005", companyName: "IBM" };
const OUTS = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000006", companyName: "Outscale" };
const MEGA = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000007", companyName: "Megaport Internet" };
const FRIX = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000008", companyName: "France-IX" };
export const ACME = { companyUid: "3c5a7d1e-0b2f-4e9a-8c6d-aa0000000009", companyName: "Acme Networks" };

export const PARTNER_PORTS: PartnerPort[] = [
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000001",
    ...AWS,
    title: "Asia Pacific (Sydney) (ap-southeast-2)",
    locationId: 3,
    speed: 10000,
    maxVxcSpeed: 10000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: "red",
    connectType: "AWS",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000002",
    ...AWS,
    title: "Asia Pacific (Sydney) (ap-southeast-2) [retired]",
    locationId: 3,
    speed: 10000,
    maxVxcSpeed: 10000,
    rank: 9,
    vxcPermitted: false,
    diversityZone: "blue",
    connectType: "AWS",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000003",
    ...AWS,
    title: "Asia Pacific (Sydney) (ap-southeast-2) Hosted Connection",
    locationId: 3,
    speed: 100000,
    maxVxcSpeed: 10000,
    rank: 2,
    vxcPermitted: true,
    diversityZone: "blue",
    connectType: "AWSHC",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000004",
    ...MSFT,
    title: "Azure Sydney Primary",
    locationId: 3,
    speed: 100000,
    maxVxcSpeed: 10000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: "red",
    connectType: "AZURE",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000005",
    ...GOOG,
    title: "Los Angeles (lax-zone1-19)",
    locationId: 65,
    speed: 100000,
    maxVxcSpeed: 10000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: "red",
    connectType: "GOOGLE",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000006",
    ...ORCL,
    title: "US West (San Jose) (us-sanjose-1)",
    locationId: 65,
    speed: 10000,
    maxVxcSpeed: 10000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: "blue",
    connectType: "ORACLE",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000007",
    ...IBM,
    title: "IBM Cloud Los Angeles",
    locationId: 65,
    speed: 10000,
    maxVxcSpeed: 5000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: null,
    connectType: "IBM",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000008",
    ...OUTS,
    title: "Outscale eu-west-2",
    locationId: 88,
    speed: 10000,
    maxVxcSpeed: 10000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: "red",
    connectType: "OUTSCALE",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-000000000009",
    ...MEGA,
    title: "Megaport Internet Sydney",
    locationId: 3,
    speed: 100000,
    maxVxcSpeed: 10000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: "red",
    connectType: "TRANSIT",
    vxcAutoApproval: true,
  },
  {
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-00000000000a",
    ...FRIX,
    title: "France-IX Paris",
    locationId: 180,
    speed: 100000,
    maxVxcSpeed: 10000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: "red",
    connectType: "FRANCEIX",
    vxcAutoApproval: true,
  },
  {
    // Another company's marketplace port: VXCs to it wait for that company's approval (`vxcApproval`).
    productUid: "5d7a9c1e-a0a0-4b3d-9f2a-00000000000b",
    ...ACME,
    title: "Acme Networks Sydney",
    locationId: 3,
    speed: 10000,
    maxVxcSpeed: 10000,
    rank: 1,
    vxcPermitted: true,
    diversityZone: "blue",
    connectType: "DEFAULT",
    vxcAutoApproval: false,
  },
];

export interface MveImageGroup {
  /** The order's `vendorConfig.vendor`, lower-cased (tf spelling, §5.1). Not sent on the wire. */
  vendorKey: string;
  product: string;
  vendor: string;
  vendorProductId: string;
  images: {
    id: number;
    version: string;
    productCode: string;
    vendorDescription: string | null;
    releaseImage: boolean;
    availableSizes: string[];
  }[];
}

const ALL_SIZES = ["MVE 2/8", "MVE 4/16", "MVE 8/32", "MVE 12/48"];

export const MVE_IMAGES: MveImageGroup[] = [
  {
    vendorKey: "fortinet",
    product: "FortiGate-VM",
    vendor: "Fortinet",
    vendorProductId: "fortinet_fortigate",
    images: [
      {
        id: 83,
        version: "7.4.4",
        productCode: "fortigate",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ALL_SIZES,
      },
      {
        id: 84,
        version: "7.6.0",
        productCode: "fortigate",
        vendorDescription: "Beta build",
        releaseImage: false,
        availableSizes: ["MVE 4/16", "MVE 8/32"],
      },
    ],
  },
  {
    vendorKey: "cisco",
    product: "Catalyst 8000V",
    vendor: "Cisco",
    vendorProductId: "cisco_c8000",
    images: [
      {
        id: 91,
        version: "17.12.03",
        productCode: "c8000",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ALL_SIZES,
      },
    ],
  },
  {
    vendorKey: "meraki",
    product: "vMX",
    vendor: "Meraki",
    vendorProductId: "meraki_vmx",
    images: [
      {
        id: 95,
        version: "18.1",
        productCode: "meraki-vmx",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ["MVE 2/8", "MVE 4/16"],
      },
    ],
  },
  {
    vendorKey: "palo_alto",
    product: "VM-Series",
    vendor: "Palo Alto",
    vendorProductId: "paloalto_vmseries",
    images: [
      {
        id: 101,
        version: "11.1.2",
        productCode: "vmseries",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ALL_SIZES,
      },
    ],
  },
  {
    vendorKey: "aruba",
    product: "EdgeConnect SD-WAN",
    vendor: "Aruba",
    vendorProductId: "aruba_edgeconnect",
    images: [
      {
        id: 110,
        version: "9.3.1",
        productCode: "aruba-ec",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ALL_SIZES,
      },
    ],
  },
  {
    vendorKey: "vmware",
    product: "SD-WAN Edge",
    vendor: "VMware",
    vendorProductId: "vmware_sdwan",
    images: [
      {
        id: 120,
        version: "5.2.0",
        productCode: "vmware-sdwan",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ALL_SIZES,
      },
    ],
  },
  {
    vendorKey: "versa",
    product: "FlexVNF",
    vendor: "Versa",
    vendorProductId: "versa_flexvnf",
    images: [
      {
        id: 130,
        version: "22.1.4",
        productCode: "versa-flexvnf",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ALL_SIZES,
      },
    ],
  },
  {
    vendorKey: "6wind",
    product: "VSR",
    vendor: "6WIND",
    vendorProductId: "6wind_vsr",
    images: [
      {
        id: 140,
        version: "3.8.2",
        productCode: "6wind-vsr",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ALL_SIZES,
      },
    ],
  },
  {
    vendorKey: "aviatrix",
    product: "Aviatrix Edge",
    vendor: "Aviatrix",
    vendorProductId: "aviatrix_edge",
    images: [
      {
        id: 150,
        version: "7.1",
        productCode: "aviatrix-edge",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ALL_SIZES,
      },
    ],
  },
  {
    vendorKey: "prisma",
    product: "Prisma SD-WAN ION",
    vendor: "Palo Alto Prisma",
    vendorProductId: "prisma_ion",
    images: [
      {
        id: 160,
        version: "6.3.1",
        productCode: "prisma-ion",
        vendorDescription: null,
        releaseImage: true,
        availableSizes: ["MVE 2/8", "MVE 4/16"],
      },
    ],
  },
];

export interface MveSize {
  size: "SMALL" | "MEDIUM" | "LARGE" | "X_LARGE_12";
  label: string;
  cpuCoreCount: number;
  ramGB: number;
  /** Emulator's own figure: the VXC rate cap of an MVE of this size. Not sent on the wire. */
  maxVxcSpeed: number;
}

export const MVE_SIZES: MveSize[] = [
  { size: "SMALL", label: "MVE 2/8", cpuCoreCount: 2, ramGB: 8, maxVxcSpeed: 1000 },
  { size: "MEDIUM", label: "MVE 4/16", cpuCoreCount: 4, ramGB: 16, maxVxcSpeed: 2500 },
  { size: "LARGE", label: "MVE 8/32", cpuCoreCount: 8, ramGB: 32, maxVxcSpeed: 5000 },
  { size: "X_LARGE_12", label: "MVE 12/48", cpuCoreCount: 12, ramGB: 48, maxVxcSpeed: 10000 },
];

export interface Ixp {
  id: number;
  asn: number;
  name: string;
  metro: string;
  ipv4_network: string;
  ipv6_network: string;
}

/** IX names double as `networkServiceType` in IX orders (§3.6). An IX can only be ordered on a Port in its metro. */
export const IXPS: Ixp[] = [
  {
    id: 1,
    asn: 7594,
    name: "Sydney IX",
    metro: "Sydney",
    ipv4_network: "203.0.113.0/24",
    ipv6_network: "2001:db8:10::/64",
  },
  {
    id: 2,
    asn: 24115,
    name: "Los Angeles IX",
    metro: "Los Angeles",
    ipv4_network: "198.51.100.0/24",
    ipv6_network: "2001:db8:20::/64",
  },
  {
    id: 3,
    asn: 8714,
    name: "London IX",
    metro: "London",
    ipv4_network: "192.0.2.0/24",
    ipv6_network: "2001:db8:30::/64",
  },
  {
    id: 4,
    asn: 6695,
    name: "Frankfurt IX",
    metro: "Frankfurt",
    ipv4_network: "100.64.0.0/24",
    ipv6_network: "2001:db8:40::/64",
  },
];
